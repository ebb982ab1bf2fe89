// Who becomes a DA (docs/authorization.md, "Verification status"), in Debian's Chromium through
// the emulator's chat page, in English: a DA nobody listed registers in the mini-app and waits;
// the supervisor of the area approves in the chat; the DA's menu and hub open. A DA of the
// organisation's roster is VERIFIED by registering.

import type { TestUser } from '@gebere/telegram-emulator';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { addToRoster } from './demo-das';
import { expectCleanRun, journeyFile, row } from './journey';
import {
  appClosedAfterToast,
  botSays,
  choose,
  closeApp,
  menuLabels,
  openFromReply,
  pickRadio,
  pressInline,
  pressMainButton,
  replyLabels,
  sendText,
  shareContact,
  showBubble,
  summaryText,
  tr,
} from './steps';
import { appFrame, chromiumSkipReason, openChat, screenshot } from './test-kit';

/** Danamariyam, in Bahir Dar Zuria (bot/src/backend/seed/demo/places.ts). */
const KEBELE = 'ET031702888001';
const t = tr('en');
const journey = journeyFile();

/** /start and the contact in the chat page (the caller waits for the bot's answer). */
async function onboard(page: Page, u: TestUser) {
  await sendText(page, '/start');
  await botSays(u, t('bot.ask_contact'));
  await shareContact(page, t('bot.share_contact_button'));
}

/** The DA registration form, filled for the demo kebele and submitted. */
async function registerInApp(page: Page, names: [string, string, string]) {
  const area = await row<{ region: string; zone: string; woreda: string; kebele: string }>(
    `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
    [KEBELE],
  );
  const role = await row<{ id: string }>('select min(id) as id from da_roles');
  const app = await openFromReply(page, t('bot.register_da_button'));
  for (const [i, field] of ['first_name', 'father_name', 'grand_father_name'].entries())
    await app.locator(`input[name="${field}"]`).fill(names[i] as string);
  await pickRadio(app, 'gender', 'female');
  for (const [name, id] of Object.entries(area)) await choose(app, name, id);
  await choose(app, 'role', role.id);
  await pressMainButton(page, t('common.register'));
  return app;
}

const status = async (telegramId: number) =>
  (
    await row<{ s: string }>('select verification_status as s from bot_users where telegram_id = $1', [
      telegramId,
    ])
  )?.s;

describe.skipIf(chromiumSkipReason)(
  'enrolment: the organisation decides who is a DA (needs Chromium)',
  () => {
    expectCleanRun(journey, 'enrolment-journey');

    it('a DA nobody listed waits; the area’s supervisor approves in the chat; the DA’s hub opens', async () => {
      const { product } = journey;
      const woreda = await row<{ id: string }>('select woreda_id as id from kebeles where code = $1', [
        KEBELE,
      ]);
      // The woreda's supervisor, appointed by an operator, has shared their contact with the bot.
      const supervisor = product.emulator.createUser({
        first_name: 'Hana',
        language_code: 'en',
        phone_number: '+251911000701',
      });
      await product.backend('POST', '/api/role-grants/', {
        phone_number: '0911000701',
        role: 'supervisor',
        location_type: 'woreda',
        location_id: Number(woreda.id),
      });
      const supPage = await openChat(journey.browser, product, supervisor.id);
      await onboard(supPage, supervisor);
      await botSays(supervisor, (text) => text.startsWith(t('bot.not_registered')));

      const u = product.emulator.createUser({
        first_name: 'Almaz',
        language_code: 'en',
        phone_number: '+251911000702',
      });
      const page = await openChat(journey.browser, product, u.id);
      await onboard(page, u);
      await botSays(u, (text) => text.startsWith(t('bot.not_registered')));
      const app = await registerInApp(page, ['Almaz', 'Bekele', 'Desta']);
      // The form says what happens next instead of an error, then hands back.
      await appClosedAfterToast(
        page,
        app,
        `${t('da.registration_successful')} ${t('common.enrolment.pending_supervisor')}`,
      );
      await botSays(u, t('bot.enrolment.pending_supervisor'));
      expect(await status(u.id)).toBe('PENDING');
      // The keyboard comes with the form's summary, which may follow the engine's message.
      await expect.poll(() => replyLabels(u), { timeout: 20_000 }).not.toContain(t('bot.register_da_button'));
      expect(replyLabels(u)).not.toContain(t('bot.menu.register_farmer'));
      await showBubble(
        page.locator('.row.in .bubble').filter({ hasText: t('bot.enrolment.pending_supervisor') }),
      );
      await screenshot(page, 'en-light-chat-enrolment-pending');

      // The hub says the same, and offers no DA entry.
      await page.locator('#menu-button').click();
      const hub = await appFrame(page);
      await hub.getByText(t('common.enrolment.pending_supervisor')).waitFor();
      expect(await hub.getByRole('link').allTextContents()).toEqual([
        t('home.menu.report_user_registration'),
      ]);
      journey.findings.push(...(await axeSerious(hub, 'en / (pending DA)')));
      await closeApp(page);

      // The supervisor's chat: the request with the DA's name, phone, kebele and role; Approve.
      const ask = await botSays(supervisor, (text) => text.includes('Almaz Bekele Desta'));
      expect(ask).toContain('0911000702');
      expect(ask).toContain('Danamariyam');
      await showBubble(supPage.locator('.row.in .bubble').filter({ hasText: 'Almaz Bekele Desta' }));
      await screenshot(supPage, 'en-light-chat-enrolment-request');
      await pressInline(supPage, 'Almaz Bekele Desta', t('bot.enrolment.approve'));
      await botSays(
        supervisor,
        (text) => text.includes('Almaz Bekele Desta') && text.endsWith(t('bot.enrolment.you_approved')),
      );
      await expect
        .poll(() => supPage.locator('.row.in button', { hasText: t('bot.enrolment.approve') }).count())
        .toBe(0);
      await supPage.close();

      // The DA is told, with their menu; the hub opens with the DA's entries.
      await botSays(u, (text) => text.startsWith('✅') && text.includes('Danamariyam'));
      expect(await status(u.id)).toBe('VERIFIED');
      await expect.poll(() => replyLabels(u), { timeout: 20_000 }).toEqual(menuLabels(t, false));
      await page.locator('#menu-button').click();
      const home = await appFrame(page);
      await home.getByRole('link', { name: t('home.menu.register_farmer') }).waitFor();
      expect(await home.getByRole('link').allTextContents()).toEqual(
        (
          [
            'home.menu.register_farmer',
            'home.menu.add_development_group',
            'home.menu.record_reach',
            'home.menu.record_adoption',
            'home.menu.feedback',
            'home.menu.my_farmers',
            'home.menu.reports',
            'home.menu.update_profile',
          ] as const
        ).map((k) => t(k)),
      );
      await screenshot(page, 'en-light-home-hub-approved');
      await page.close();
      // Two chats and a mini-app: more than one step's wait on a loaded machine.
    }, 120_000);

    it('a DA of the organisation’s roster is VERIFIED by registering', async () => {
      const { product } = journey;
      await addToRoster(product, { phone: '911000703', first: 'Selam' }, KEBELE);
      const u = product.emulator.createUser({
        first_name: 'Selam',
        language_code: 'en',
        phone_number: '+251911000703',
      });
      const page = await openChat(journey.browser, product, u.id);
      await onboard(page, u);
      await botSays(u, (text) => text.startsWith(t('bot.not_registered')));
      const app = await registerInApp(page, ['Selam', 'Bekele', 'Desta']);
      await appClosedAfterToast(page, app, t('da.registration_successful'));
      const da = await row<{ id: string }>('select id from da_profiles where telegram_phone_number = $1', [
        '911000703',
      ]);
      await botSays(
        u,
        `${summaryText({ kind: 'da_registered', da_id: Number(da.id), name: 'Selam Bekele Desta', update: false }, 'en')}\n${t('bot.verified')}`,
      );
      expect(await status(u.id)).toBe('VERIFIED');
      expect(replyLabels(u)).toEqual(menuLabels(t, false));
      await page.close();
    }, 120_000);
  },
);
