// A DA's whole journey in Debian's Chromium through the emulator's chat page, in English and
// Amharic at 360×640: registration, a group, a farmer in a new group, reach, advisory feedback.
// Every screen is opened from the bot's real button, checked with axe, and photographed.

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../shared/i18n/src/index';
import { type A11yFinding, axeSerious, unknownFindings, writeFindings } from './a11y';
import { productDb } from './db-capture';
import {
  type Browser,
  HAS_CHROMIUM,
  launchBrowser,
  openChat,
  type Product,
  screenshot,
  startProduct,
} from './harness';
import {
  appClosed,
  botSays,
  choose,
  MENU_KEYS,
  openFromReply,
  pickRadio,
  pressMainButton,
  replyLabels,
  sendText,
  shareContact,
  summaryText,
  tr,
} from './steps';

vi.mock('../../bot/src/server-backend', async (original) =>
  (await import('./db-capture')).wrapBackend(await original()),
);

/** The demo kebele with advisories and demo content (bot/src/backend/seed/demo/places.ts). */
const DEMO_KEBELE = 'ET031702888001';

let product: Product;
let browser: Browser;
const findings: A11yFinding[] = [];

async function row<T>(sql: string, params: unknown[] = []): Promise<T> {
  const r = await productDb().query<T>(sql, params);
  return r.rows[0] as T;
}

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.close();
});

describe.skipIf(!HAS_CHROMIUM)('a DA’s journey (needs /usr/bin/chromium)', () => {
  afterAll(() => {
    expect(browser.errors).toEqual([]);
    writeFindings('da-journey', findings);
    expect(unknownFindings(findings)).toEqual([]);
  });

  describe.each(['en', 'am'] as const)('in %s', (lang: Language) => {
    const t = tr(lang);
    const phone = lang === 'en' ? '911000111' : '911000222';
    const first = lang === 'en' ? 'Almaz' : 'አልማዝ';
    let u: ReturnType<Product['emulator']['createUser']>;

    it('a new DA registers and reaches the main menu', async () => {
      const area = await row<{ region: string; zone: string; woreda: string; kebele: string }>(
        `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
         from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
        [DEMO_KEBELE],
      );
      const role = await row<{ id: string }>('select min(id) as id from da_roles');
      u = product.emulator.createUser({
        first_name: first,
        language_code: lang,
        phone_number: `+251${phone}`,
      });
      const page = await openChat(browser, product, u.id);
      await sendText(page, '/start');
      await botSays(u, t('bot.welcome_new'));
      await botSays(u, t('bot.ask_contact'));
      await shareContact(page, t('bot.share_contact_button'));
      const prompt = await botSays(u, (text) => text.startsWith(t('bot.not_registered')));
      expect(prompt).toContain(t('bot.report_user_prompt'));
      await screenshot(page, `${lang}-light-chat-onboarding`);

      const app = await openFromReply(page, t('bot.register_da_button'));
      await expect.poll(() => app.locator('input[name="phone_number"]').inputValue()).toBe(`0${phone}`);
      expect(await app.locator('input[name="telegram_phone_number"]').inputValue()).toBe(`0${phone}`);
      await app.locator('input[name="first_name"]').fill(first);
      await app.locator('input[name="father_name"]').fill(lang === 'en' ? 'Bekele' : 'በቀለ');
      await app.locator('input[name="grand_father_name"]').fill(lang === 'en' ? 'Desta' : 'ደስታ');
      await pickRadio(app, 'gender', 'female');
      await choose(app, 'region', area.region);
      await choose(app, 'zone', area.zone);
      await choose(app, 'woreda', area.woreda);
      await choose(app, 'kebele', area.kebele);
      await choose(app, 'role', role.id);
      findings.push(...(await axeSerious(app, `${lang} /da_registration`)));
      await screenshot(page, `${lang}-light-da-registration`);
      await pressMainButton(page, t('common.register'));
      await appClosed(page);

      const da = await row<{ id: number; first_name: string; kebele_id: string; sex: string }>(
        'select id, first_name, kebele_id, sex from da_profiles where phone_number = $1',
        [phone],
      );
      expect(da).toMatchObject({ first_name: first, kebele_id: area.kebele, sex: 'female' });
      const name = `${first} ${lang === 'en' ? 'Bekele Desta' : 'በቀለ ደስታ'}`;
      const expected = `${summaryText({ kind: 'da_registered', da_id: Number(da.id), name, update: false }, lang)}\n${t('bot.verified')}`;
      await botSays(u, expected);
      expect(
        await row('select verification_status, da_profile_id from bot_users where telegram_id = $1', [u.id]),
      ).toEqual({
        verification_status: 'VERIFIED',
        da_profile_id: da.id,
      });
      expect(replyLabels(u)).toEqual(MENU_KEYS.map((k) => t(`bot.menu.${k}`)));
      await page
        .locator('.row.in .bubble')
        .filter({ hasText: t('bot.verified') })
        .waitFor();
      await screenshot(page, `${lang}-light-chat-main-menu`);
      await page.close();
    });

    it('the DA adds a development group from the menu (dark theme)', async () => {
      const page = await openChat(browser, product, u.id, 'dark');
      const app = await openFromReply(page, t('bot.menu.add_group'));
      const groupName = lang === 'en' ? 'Tesfa women' : 'ተስፋ ሴቶች';
      await app.locator('input[name="group_name"]').fill(groupName);
      await pickRadio(app, 'group_type', 'women_only');
      findings.push(...(await axeSerious(app, `${lang} /add_development_group (dark)`)));
      await screenshot(page, `${lang}-dark-add-development-group`);
      await pressMainButton(page, t('common.add'));
      await appClosed(page);

      const da = await row<{ id: string; kebele_id: string }>(
        'select d.id, d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1',
        [u.id],
      );
      const group = await row<{ id: string; group_type: string; kebele_id: string; created_by: string }>(
        'select id, group_type, kebele_id, created_by from development_groups where group_name = $1',
        [groupName],
      );
      expect(group).toMatchObject({ group_type: 'women_only', kebele_id: da.kebele_id, created_by: da.id });
      await botSays(
        u,
        summaryText({ kind: 'group_added', group_id: Number(group.id), group_name: groupName }, lang),
      );
      await page.locator('.row.in .bubble').filter({ hasText: groupName }).waitFor();
      await screenshot(page, `${lang}-dark-chat-group-added`);
      await page.close();
    });

    it('a report user registers', async () => {
      const area = await row<{ region: string; zone: string; woreda: string }>(
        `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda
         from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
        [DEMO_KEBELE],
      );
      const rphone = lang === 'en' ? '911000555' : '911000666';
      const name = lang === 'en' ? 'Tigist Haile' : 'ትግስት ኃይሌ';
      const r = product.emulator.createUser({
        first_name: 'Tigist',
        language_code: lang,
        phone_number: `+251${rphone}`,
      });
      const page = await openChat(browser, product, r.id);
      await sendText(page, '/start');
      await botSays(r, t('bot.ask_contact'));
      await shareContact(page, t('bot.share_contact_button'));
      await botSays(r, (text) => text.startsWith(t('bot.not_registered')));
      const app = await openFromReply(page, t('bot.register_report_user_button'));
      await app.locator('input[name="name"]').fill(name);
      await app.locator('input[name="phone_no"]').fill(`0${rphone}`);
      await pickRadio(app, 'gender', 'female');
      await choose(app, 'region', area.region);
      await choose(app, 'zone', area.zone);
      await choose(app, 'woreda', area.woreda);
      findings.push(...(await axeSerious(app, `${lang} /register_report_user`)));
      await screenshot(page, `${lang}-light-report-user`);
      await pressMainButton(page);
      await appClosed(page);
      const saved = await row<{ id: string; woreda_id: string }>(
        'select id, woreda_id from report_users where name = $1',
        [name],
      );
      expect(saved.woreda_id).toBe(area.woreda);
      await botSays(
        r,
        summaryText(
          { kind: 'report_user_saved', report_user_id: Number(saved.id), name, update: false },
          lang,
        ),
      );
      await page.close();
    });
  });
});
