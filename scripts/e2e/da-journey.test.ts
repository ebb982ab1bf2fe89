// A DA's whole journey in Debian's Chromium through the emulator's chat page, in English, Amharic
// and Afaan Oromo at 360×640: registration, a group, a farmer in a new group, reach, adoption,
// and no English of ours in the chat of an Amharic or Oromo reader.
// Every screen is opened from the bot's real button, checked with axe, and photographed.

import { localName, type Named } from '@gebere/contract/rules';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { productDb } from './db-capture';
import { addToRoster } from './demo-das';
import { chatSeen, englishAmong } from './english-leaks';
import { loseSomeAnswers } from './faults';
import { expectCleanRun, journeyFile, row } from './journey';
import {
  appClosed,
  appClosedAfterToast,
  botSays,
  categoryShown,
  choose,
  mark,
  menuLabels,
  openFromReply,
  openRecordForm,
  pickRadio,
  pressMainButton,
  replyLabels,
  sendText,
  shareContact,
  summaryText,
  tick,
  tr,
} from './steps';
import {
  appFrame,
  chromiumSkipReason,
  journeyLanguage,
  openChat,
  type Product,
  screenshot,
} from './test-kit';

/** An area table's name in the language `$2`, as the screens pick it (localName), in SQL. */
const inLang = (t: string) =>
  `coalesce(case $2 when 'am' then ${t}.name_am when 'om' then ${t}.name_om end, ${t}.name)`;

/** The demo kebele with advisories and demo content (bot/src/backend/seed/demo/places.ts). */
const DEMO_KEBELE = 'ET031702888001';

const journey = journeyFile();

/** What each language's DA types: names in their own script, and phones no other run uses. */
const PEOPLE = {
  en: {
    phone: '911000111',
    names: ['Almaz', 'Bekele', 'Desta'],
    group: 'Tesfa women',
    newGroup: 'Abay youth',
    farmers: [
      ['Kebede', 'Tadesse', 'Alemu', '0911000301'],
      ['Mulu', 'Getachew', 'Assefa', '0911000302'],
    ],
  },
  am: {
    phone: '911000222',
    names: ['አልማዝ', 'በቀለ', 'ደስታ'],
    group: 'ተስፋ ሴቶች',
    newGroup: 'ዓባይ ወጣቶች',
    farmers: [
      ['ከበደች', 'ታደሰ', 'አለሙ', '0911000401'],
      ['ሙሉ', 'ጌታቸው', 'አሰፋ', '0911000402'],
    ],
  },
  om: {
    phone: '911000333',
    names: ['Hawwii', 'Dabalaa', 'Jiraataa'],
    group: 'Dubartoota Abdii',
    newGroup: 'Dargaggoota Abbayyaa',
    farmers: [
      ['Bontuu', 'Fayyisaa', 'Guddataa', '0911000501'],
      ['Lammii', 'Kumaa', 'Roobaa', '0911000502'],
    ],
  },
} as const;

describe.skipIf(chromiumSkipReason)('a DA’s journey (needs Chromium)', () => {
  expectCleanRun(journey, 'da-journey');

  describe.each(journeyLanguage('da', ['en', 'am', 'om']))('in %s', (lang) => {
    const t = tr(lang);
    const { phone, names, group: groupName0, newGroup: newGroupName, farmers } = PEOPLE[lang];
    const [first, father, grandFather] = names;
    let u: ReturnType<Product['emulator']['createUser']>;

    it('a new DA of the organisation’s roster registers and reaches the main menu', async () => {
      const area = await row<{
        region: string;
        zone: string;
        woreda: string;
        kebele: string;
        names: Record<'region' | 'zone' | 'woreda', string>;
      }>(
        `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele,
           json_build_object('region', ${inLang('r')}, 'zone', ${inLang('z')}, 'woreda', ${inLang('w')}) as names
         from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
         join regions r on r.id = z.region_id where k.code = $1`,
        [DEMO_KEBELE, lang],
      );
      const role = await row<{ id: string }>('select min(id) as id from da_roles');
      // The organisation lists them for the kebele: VERIFIED at once (enrolment-journey.test.ts has
      // a DA nobody listed).
      await addToRoster(journey.product, { phone, first }, DEMO_KEBELE);
      u = journey.product.emulator.createUser({
        first_name: first,
        language_code: lang,
        phone_number: `+251${phone}`,
      });
      const page = await openChat(journey.browser, journey.product, u.id);
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
      // update_outbound (spec §4): the form shows what the roster has for her, to confirm or fix.
      await expect
        .poll(() => app.locator('input[name="first_name"]').inputValue(), { timeout: 20_000 })
        .toBe(first);
      expect(await app.locator('input[name="father_name"]').inputValue()).toBe('Bekele');
      expect(await app.locator('input[name="gender"][value="female"]').isChecked()).toBe(true);
      await expect
        .poll(() => app.locator('select[name="kebele"]').inputValue(), { timeout: 20_000 })
        .toBe(String(area.kebele));
      await app.locator('input[name="first_name"]').fill(first);
      await app.locator('input[name="father_name"]').fill(father);
      await app.locator('input[name="grand_father_name"]').fill(grandFather);
      await pickRadio(app, 'gender', 'female');
      await choose(app, 'region', area.region);
      await choose(app, 'zone', area.zone);
      await choose(app, 'woreda', area.woreda);
      await choose(app, 'kebele', area.kebele);
      await choose(app, 'role', role.id);
      // Each area by its name in the reader's language where it has one (an Amharic woreda has none).
      for (const level of ['region', 'zone', 'woreda'] as const)
        expect(await app.locator(`select[name="${level}"] option:checked`).textContent()).toBe(
          area.names[level],
        );
      expect(area.names.region).toBe(lang === 'am' ? 'አማራ' : 'Amhara');
      journey.findings.push(...(await axeSerious(app, `${lang} /da_registration`)));
      await screenshot(page, `${lang}-light-da-registration`);
      await pressMainButton(page, t('common.register'));
      await appClosed(page);

      const da = await row<{ id: number; first_name: string; kebele_id: string; sex: string }>(
        'select id, first_name, kebele_id, sex from da_profiles where phone_number = $1',
        [phone],
      );
      expect(da).toMatchObject({ first_name: first, kebele_id: area.kebele, sex: 'female' });
      const name = names.join(' ');
      const expected = `${summaryText({ kind: 'da_registered', da_id: Number(da.id), name, update: false }, lang)}\n${t('bot.verified')}`;
      await botSays(u, expected);
      expect(
        await row('select verification_status, da_profile_id from bot_users where telegram_id = $1', [u.id]),
      ).toEqual({
        verification_status: 'VERIFIED',
        da_profile_id: da.id,
      });
      expect(replyLabels(u)).toEqual(menuLabels(t, false));
      await page
        .locator('.row.in .bubble')
        .filter({ hasText: t('bot.verified') })
        .waitFor();
      await screenshot(page, `${lang}-light-chat-main-menu`);
      await page.close();
    });

    it('the DA adds a development group from the menu (dark theme)', async () => {
      const page = await openChat(journey.browser, journey.product, u.id, 'dark');
      const app = await openFromReply(page, t('bot.menu.add_group'));
      const groupName = groupName0;
      await app.locator('input[name="group_name"]').fill(groupName);
      await pickRadio(app, 'group_type', 'women_only');
      journey.findings.push(...(await axeSerious(app, `${lang} /add_development_group (dark)`)));
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

    it('from the chat’s menu button, the hub opens Register farmer with the kebele’s groups', async () => {
      const page = await openChat(journey.browser, journey.product, u.id);
      await page.locator('#menu-button').click();
      await page.locator('#app').waitFor({ state: 'visible' });
      const app = await appFrame(page);
      // No link parameters: the hub asks /api/me/ and speaks the language chosen in the bot.
      const entry = app.getByRole('link', { name: t('home.menu.register_farmer') });
      await entry.waitFor();
      expect(await app.getByRole('link').allTextContents()).toEqual(
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
      journey.findings.push(...(await axeSerious(app, `${lang} / (home hub)`)));
      await screenshot(page, `${lang}-light-home-hub`);
      await entry.click();
      const group = await row<{ id: string }>('select id from development_groups where group_name = $1', [
        groupName0,
      ]);
      await app.locator(`select[name="development_group"] option[value="${group.id}"]`).waitFor({
        state: 'attached',
      });
      expect(await app.getByRole('heading', { name: t('farmer.title') }).isVisible()).toBe(true);
      expect(new URL(app.url()).searchParams.get('lang')).toBe(lang);
      await page.close();
    });

    it('the DA registers farmers (one into a new group), records reach for two groups, then adoption, while every third answer is lost', async () => {
      const page = await openChat(journey.browser, journey.product, u.id);
      // Nothing lost, nothing duplicated: the exact rows and summaries below must still hold.
      const lost = await loseSomeAnswers(page, /\/backend\/api\/(farmer-profiles|reach-farmers|adoption)\//);
      const da = await row<{ id: string; kebele_id: string }>(
        'select d.id, d.kebele_id from da_profiles d join bot_users b on b.da_profile_id = d.id where b.telegram_id = $1',
        [u.id],
      );
      const oldGroup = await row<{ id: string; group_name: string }>(
        'select id, group_name from development_groups where group_name = $1',
        [groupName0],
      );
      const people = farmers.map(([a, b, c, phone], i) => ({
        names: [a, b, c],
        phone,
        gender: i === 0 ? 'female' : 'male',
        newGroup: i === 1,
      }));
      const farmerIds: number[] = [];
      for (const p of people) {
        const app = await openFromReply(page, t('bot.menu.register_farmer'));
        await app.locator('input[name="farmer_name"]').fill(p.names[0] as string);
        await app.locator('input[name="father_name"]').fill(p.names[1] as string);
        await app.locator('input[name="grand_father_name"]').fill(p.names[2] as string);
        await app.locator('input[name="phone_number"]').fill(p.phone);
        await choose(app, 'gender', p.gender);
        if (p.newGroup) {
          const toggle = app.locator('input[name="add_dev_group"]');
          await app.locator('label', { has: toggle }).first().click();
          await expect.poll(() => toggle.isChecked()).toBe(true);
          await app.locator('input[name="group_name"]').fill(newGroupName);
          await pickRadio(app, 'group_type', 'mixed');
          journey.findings.push(...(await axeSerious(app, `${lang} /farmer_registration (new group)`)));
          await screenshot(page, `${lang}-light-farmer-registration-new-group`);
        } else {
          await choose(app, 'development_group', oldGroup.id);
        }
        const before = mark(u);
        await pressMainButton(page);
        await appClosed(page);
        const farmer = await row<{
          id: string;
          development_group_id: string;
          kebele_id: string;
          created_by: string;
        }>('select id, development_group_id, kebele_id, created_by from farmers where phone_number = $1', [
          p.phone.slice(1), // saved without the trunk 0
        ]);
        const groupName = p.newGroup ? newGroupName : oldGroup.group_name;
        const group = await row<{ id: string; group_type: string; kebele_id: string; created_by: string }>(
          'select id, group_type, kebele_id, created_by from development_groups where id = $1',
          [farmer.development_group_id],
        );
        expect(group).toMatchObject({
          group_type: p.newGroup ? 'mixed' : 'women_only',
          kebele_id: da.kebele_id,
          created_by: da.id,
        });
        if (!p.newGroup) expect(group.id).toBe(oldGroup.id);
        expect(farmer).toMatchObject({ kebele_id: da.kebele_id, created_by: da.id });
        farmerIds.push(Number(farmer.id));
        await botSays(
          u,
          summaryText(
            {
              kind: 'farmer_registered',
              farmer_id: Number(farmer.id),
              name: p.names.join(' '),
              group_name: groupName,
            },
            lang,
          ),
          20_000,
          before,
        );
      }
      expect(
        (
          await productDb().query<{ n: number }>(
            'select count(*)::int as n from development_groups where group_name = $1',
            [newGroupName],
          )
        ).rows[0]?.n,
      ).toBe(1);

      // Two sub-practices of one practice with an advisory for the DA's kebele: two advisories.
      const area = await row<{ kebele: string; woreda: string; zone: string; region: string }>(
        `select k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
         from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $1`,
        [da.kebele_id],
      );
      const reachable = `(a.kebele_id = $1 or a.woreda_id = $2 or a.zone_id = $3 or a.region_id = $4)`;
      const path = await row<{ category: Named; chain: Named; practice: Named; practice_id: string }>(
        `select json_build_object('name', c.name, 'name_am', c.name_am, 'name_om', c.name_om) as category,
                json_build_object('name', vc.name, 'name_am', vc.name_am, 'name_om', vc.name_om) as chain,
                json_build_object('name', p.name, 'name_am', p.name_am, 'name_om', p.name_om) as practice,
                p.id as practice_id
         from advisories a join sub_practices sp on sp.id = a.sub_practice_id join practices p on p.id = sp.practice_id
         join value_chains vc on vc.id = p.value_chain_id join value_chain_categories c on c.id = vc.category_id
         where a.kebele_id = $1 and exists (
           select 1 from advisories a2 join sub_practices sp2 on sp2.id = a2.sub_practice_id
           where sp2.practice_id = p.id and sp2.id <> sp.id and ${reachable.replaceAll('a.', 'a2.')})
         order by p.id limit 1`,
        [area.kebele, area.woreda, area.zone, area.region],
      );
      const subs = (
        await productDb().query<Named & { advisory: string }>(
          `select sp.name, sp.name_am, sp.name_om, (select a.id from advisories a where a.sub_practice_id = sp.id and ${reachable}
             order by a.created_at desc, a.id desc limit 1) as advisory
           from sub_practices sp where sp.practice_id = $5 and exists (
             select 1 from advisories a where a.sub_practice_id = sp.id and ${reachable})
           order by sp.id limit 2`,
          [area.kebele, area.woreda, area.zone, area.region, path.practice_id],
        )
      ).rows;
      expect(subs).toHaveLength(2);
      const advisoryIds = subs.map((s) => Number(s.advisory)).sort((a, b) => a - b);
      const groupNames = [oldGroup.group_name, newGroupName];

      for (const kind of ['reach', 'adoption'] as const) {
        const table = kind === 'reach' ? 'reach_records' : 'adoption_records';
        // The demo data has records of the DA's already: this submit's are the ones after them.
        const last = await row<{ id: number }>(`select coalesce(max(id), 0)::int as id from ${table}`);
        const app = await openRecordForm(page, u, t, kind, groupNames);
        const farmerNames = people.map((p) => p.names.join(' '));
        for (const [i, g] of groupNames.entries()) {
          const head = app.locator('button.ra-group-head', { hasText: g });
          if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
          await tick(app, farmerNames[i] as string);
        }
        await tick(app, categoryShown(path.category, lang));
        await tick(app, localName(path.chain, lang));
        await tick(app, localName(path.practice, lang));
        for (const s of subs) await tick(app, localName(s, lang));
        // each sub-practice's single advisory is ticked by itself
        await expect
          .poll(() => app.locator('[data-level="advisory"] input[type="checkbox"]:checked').count())
          .toBe(2);
        journey.findings.push(...(await axeSerious(app, `${lang} /record_${kind}`)));
        await screenshot(page, `${lang}-light-record-${kind}`);
        const before = mark(u);
        await pressMainButton(page);
        // Opened from the menu (sendData): the toast is read before Telegram closes the app.
        await appClosedAfterToast(page, app, t(`reach.${kind}_recorded_successfully`));
        const rows = (
          await productDb().query<{ farmer_id: string; advisory_id: string }>(
            `select farmer_id, advisory_id from ${table} where created_by = $1 and id > $2
             order by farmer_id, advisory_id`,
            [da.id, last.id],
          )
        ).rows.map((r) => [Number(r.farmer_id), Number(r.advisory_id)]);
        expect(rows).toEqual(
          [...farmerIds].sort((a, b) => a - b).flatMap((f) => advisoryIds.map((a) => [f, a])),
        );
        await botSays(
          u,
          summaryText(
            {
              kind: kind === 'reach' ? 'reach_recorded' : 'adoption_recorded',
              farmers: 2,
              advisories: 2,
              recorded: 4,
              failed: 0,
            },
            lang,
          ),
          20_000,
          before,
        );
      }
      expect(lost.length).toBeGreaterThan(0);
      await page.close();
      // A whole journey (10–20 s, 30 s on a loaded machine): its steps wait on their own events;
      // this budget, like the other journeys', only catches a hang.
    }, 120_000);

    // Only for another language's reader (a skipped test would count as skipped in the summary).
    if (lang !== 'en')
      it('no English of ours in the chat: every message and button the DA saw', () => {
        expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      });
  });
});
