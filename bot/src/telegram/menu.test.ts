// Conversation tests: the main menu's signed links, the commands, and the group picker.
import { type Language, translate } from '@gebere/i18n';
import type { TestUser } from '@gebere/telegram-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REPORTER_TELEGRAM_ID } from '../backend/seed/demo/chat-users';
import { botCommands, configureBotCommands } from './commands';
import {
  DEMO_DAS,
  type Harness,
  inlineButtons,
  linkProof,
  PUBLIC_URL,
  readLink,
  replyLabels,
  SERVICE_TOKEN,
  startHarness,
  webAppUrl,
} from './test-kit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const runtime = await h.startBot();
  await configureBotCommands(runtime.api, { publicUrl: PUBLIC_URL, logger: h.logger });
});
afterAll(() => h?.close());

interface Known {
  u: TestUser;
  botUserId: number;
  daId: number;
  kebele: number;
  phone: string;
}

/** A user who is the demo DA `who`, onboarded through the bot. */
async function demoDa(who: keyof typeof DEMO_DAS, lang: Language): Promise<Known> {
  const demo = DEMO_DAS[who];
  const u = h.tg.createUser({ first_name: demo.first_name, language_code: lang, phone_number: demo.phone });
  await u.send('/start');
  await u.waitForMessage((m) => m.text === translate(lang, 'bot.ask_contact'));
  await u.pressReply(translate(lang, 'bot.share_contact_button'));
  await u.waitForMessage((m) => m.text?.includes(translate(lang, 'bot.verified')));
  const r = await h.db.query<{ id: number; da: number; kebele: number; phone: string }>(
    `select b.id, d.id as da, d.kebele_id as kebele, b.phone_number as phone
     from bot_users b join da_profiles d on d.id = b.da_profile_id where b.telegram_id = $1`,
    [u.id],
  );
  const row = r.rows[0];
  if (!row) throw new Error('not linked');
  return { u, botUserId: row.id, daId: row.da, kebele: row.kebele, phone: row.phone };
}

describe('commands', () => {
  it('are set in Afaan Oromo for a user whose Telegram is in Oromo (language_code om)', () => {
    const u = h.tg.createUser({ first_name: 'Caaltuu', language_code: 'om' });
    expect(u.commands()).toEqual(botCommands('om'));
    expect(u.commands().find((c) => c.command === 'reach')?.description).toBe("Ga'iinsa gorsaa galmeessi");
  });
});

describe.each(['en', 'am'] as const)('main menu in %s', (lang) => {
  const t = (key: `bot.menu.${string}` | 'bot.open_form_button') => translate(lang, key as 'bot.menu.help');

  it('every entry opens its screen with a signed link and the spec’s parameters', async () => {
    const da = await demoDa(lang === 'en' ? 'abebe' : 'meseret', lang);
    const { u } = da;
    const expected: Record<string, { path: string; params: Record<string, string> }> = {
      [t('bot.menu.register_farmer')]: {
        path: '/farmer_registration',
        params: { da_id: String(da.daId), kebele_id: String(da.kebele), lang },
      },
      [t('bot.menu.add_group')]: {
        path: '/add_development_group',
        params: { da_id: String(da.daId), kebele_id: String(da.kebele), lang },
      },
      [t('bot.menu.notifications')]: {
        path: '/notification/list',
        params: { bot_user_id: String(da.botUserId), lang },
      },
      [t('bot.menu.create_notification')]: {
        path: '/notification/create',
        params: { bot_user_id: String(da.botUserId), lang },
      },
      [t('bot.menu.update_profile')]: {
        path: '/da_update_profile',
        params: { user_id: String(da.botUserId), phone_number: `0${da.phone}`, lang },
      },
    };
    for (const [label, want] of Object.entries(expected)) {
      const link = readLink(webAppUrl(u, label));
      expect(link, label).toMatchObject({ path: want.path, params: want.params });
      expect(link.link.ok && link.link.telegramUserId).toBe(u.id);
    }

    // The same screens by command: the form's button above a fresh menu.
    const commands: Record<string, string> = {
      '/register_farmer': '/farmer_registration',
      '/add_group': '/add_development_group',
      '/notifications': '/notification/list',
      '/profile': '/da_update_profile',
    };
    for (const [command, path] of Object.entries(commands)) {
      await u.send(command);
      await u.waitForMessage((m) => m.text === translate(lang, 'bot.open_form'));
      expect(readLink(webAppUrl(u, t('bot.open_form_button'))).path).toBe(path);
      expect(replyLabels(u)).toContain(t('bot.menu.help'));
    }

    // /menu re-sends the keyboard with freshly signed links.
    const before = webAppUrl(u, t('bot.menu.register_farmer'));
    h.clock.offset += 60;
    await u.send('/menu');
    await u.waitForMessage((m) => m.text === translate(lang, 'bot.menu_prompt'));
    const after = webAppUrl(u, t('bot.menu.register_farmer'));
    expect(after).not.toBe(before);
    expect(readLink(after).params).toEqual(readLink(before).params);

    // Help: the button and the command.
    await u.pressReply(t('bot.menu.help'));
    await u.waitForMessage((m) => m.text === translate(lang, 'bot.help'));
    await u.send('what is this?');
    await u.waitForMessage((m) => m.text?.startsWith(translate(lang, 'bot.unknown_message')));
  });

  it('has the commands in both languages and the menu button', async () => {
    const u = h.tg.createUser({ first_name: 'Tirunesh', language_code: lang });
    expect(u.commands()).toEqual(botCommands(lang));
    expect(u.commands().map((c) => c.command)).toContain('reach');
    const button = u.menuButton();
    expect(button).toMatchObject({ type: 'web_app', web_app: { url: `${PUBLIC_URL}/` } });
  });

  it('picks groups for reach and adoption', async () => {
    const da = await demoDa(lang === 'en' ? 'abebe' : 'meseret', lang);
    const { u } = da;
    const groups = await h.db.query<{ id: number; group_name: string }>(
      'select id, group_name from development_groups where created_by = $1 or kebele_id = $2 order by group_name, id',
      [da.daId, da.kebele],
    );
    if (groups.rows.length < 2) {
      // A second group (with characters HTML would need escaped; buttons are plain text).
      const added = await h.db.query<{ id: number; group_name: string }>(
        `insert into development_groups (group_name, group_type, kebele_id, created_by)
         values ('Zebra <b>&', 'mixed', $1, $2) returning id, group_name`,
        [da.kebele, da.daId],
      );
      groups.rows.push(...added.rows);
    }
    // A group named in Ethiopic script: listed as the DA's language sorts names (first in Amharic).
    const ethiopic = await h.db.query<{ id: number; group_name: string }>(
      `insert into development_groups (group_name, group_type, kebele_id, created_by)
       values ($3, 'mixed', $1, $2) returning id, group_name`,
      [da.kebele, da.daId, `ሕብረት ${lang}`],
    );
    groups.rows.push(...ethiopic.rows);
    const { compare } = new Intl.Collator(lang);
    groups.rows.sort((a, b) => compare(a.group_name, b.group_name) || a.id - b.id);
    if (lang === 'am') expect(groups.rows[0]?.group_name).toBe('ሕብረት am');
    const [first, second] = groups.rows as [
      { id: number; group_name: string },
      { id: number; group_name: string },
    ];

    for (const kind of ['reach', 'adoption'] as const) {
      await u.pressReply(t(kind === 'reach' ? 'bot.menu.record_reach' : 'bot.menu.record_adoption'));
      const picker = await u.waitForMessage((m) => m.text === translate(lang, 'bot.groups.select'));
      const buttons = inlineButtons(picker);
      expect(buttons.map((b) => b.text)).toEqual([
        ...groups.rows.map((g) => `▫️ ${g.group_name}`),
        `${translate(lang, 'bot.groups.continue')} ▶️`,
      ]);
      for (const b of buttons) {
        expect(Buffer.byteLength((b as { callback_data: string }).callback_data)).toBeLessThanOrEqual(64);
      }

      // Continue with nothing selected is refused, with an alert and a message.
      const cont = `${translate(lang, 'bot.groups.continue')} ▶️`;
      const empty = await u.pressInline(picker, cont);
      if (empty.kind !== 'callback') throw new Error('expected a callback button');
      expect(await empty.waitForAnswer()).toMatchObject({
        text: translate(lang, 'bot.groups.select_required'),
      });
      await u.waitForMessage((m) => m.text === translate(lang, 'bot.groups.select_required'));

      // Toggles: on, on, off again.
      for (const [g, on] of [
        [first, true],
        [second, true],
        [second, false],
      ] as const) {
        const before = `${on ? '▫️' : '✅'} ${g.group_name}`;
        const press = await u.pressInline(picker, before);
        if (press.kind !== 'callback') throw new Error('expected a callback button');
        await press.waitForAnswer();
        const after = `${on ? '✅' : '▫️'} ${g.group_name}`;
        await u.waitFor(() => inlineButtons(u.message(picker)).some((b) => b.text === after), {
          description: `"${after}"`,
        });
      }

      // Ticked: Continue is the form's own button (an inline web_app launch, with initData), so
      // there is no "Open form" step in between; its link is for the groups ticked now.
      const sent = u.history().length;
      const launch = u.launchFromInline(picker, cont);
      expect(launch.initData).toContain('query_id=');
      const link = readLink(launch.url);
      expect(link).toMatchObject({
        path: kind === 'reach' ? '/record_reach' : '/record_adoption',
        params: {
          chatid: String(u.id),
          user_id: String(da.daId),
          selectedids: String(first.id),
          kebele_id: String(da.kebele),
          lang,
        },
      });
      expect(u.history().length).toBe(sent); // no further message to press through
      expect(replyLabels(u)).toContain(t('bot.menu.record_reach'));
      // Unticked again: Continue is the callback that asks for a group first.
      const off = await u.pressInline(picker, `✅ ${first.group_name}`);
      if (off.kind !== 'callback') throw new Error('expected a callback button');
      await off.waitForAnswer();
      await u.waitFor(
        () => inlineButtons(u.message(picker)).some((b) => b.text === cont && 'callback_data' in b),
        { description: 'Continue as a callback' },
      );
    }
  });
});

describe('the keyboards agree with the home hub (@gebere/contract/hub)', () => {
  it('a DA without a manager grant gets no notification entries, and /notifications says why', async () => {
    const { u } = await demoDa('dawit', 'en');
    const labels = replyLabels(u);
    expect(labels).toContain(translate('en', 'bot.menu.register_farmer'));
    expect(labels).not.toContain(translate('en', 'bot.menu.notifications'));
    expect(labels).not.toContain(translate('en', 'bot.menu.create_notification'));
    await u.send('/notifications');
    await u.waitForMessage((m) => m.text === translate('en', 'server.not_manager'));
    expect(replyLabels(u)).not.toContain(translate('en', 'bot.menu.notifications'));
  });

  it('a notification manager who is not a DA gets the notifications beside registration', async () => {
    const phone = '911000777';
    await h.db.query(
      `insert into role_grants (phone_number, role, location_type, location_id)
       values ($1, 'notification_manager', 'all', null)`,
      [phone],
    );
    const u = h.tg.createUser({ first_name: 'Hirut', language_code: 'en', phone_number: `+251${phone}` });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.pressReply(translate('en', 'bot.share_contact_button'));
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    expect(replyLabels(u)).toEqual([
      translate('en', 'bot.menu.notifications'),
      translate('en', 'bot.menu.create_notification'),
      // Not a DA: the reports they may read (their grant's area) have a button, as /reports.
      translate('en', 'bot.menu.reports'),
      translate('en', 'bot.register_da_button'),
      translate('en', 'bot.register_report_user_button'),
    ]);
    const botUser = await h.db.query<{ id: number }>('select id from bot_users where telegram_id = $1', [
      u.id,
    ]);
    expect(readLink(webAppUrl(u, translate('en', 'bot.menu.notifications')))).toMatchObject({
      path: '/notification/list',
      params: { bot_user_id: String(botUser.rows[0]?.id) },
    });
    await u.send('/notifications');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.open_form'));
    expect(readLink(webAppUrl(u, translate('en', 'bot.open_form_button'))).path).toBe('/notification/list');
  });
});

describe('a creator whose grant was revoked', () => {
  it('keeps the notification list, to remove what she made, and no form', async () => {
    const phone = '911000778';
    const operator = { authorization: `Bearer ${SERVICE_TOKEN}` };
    const area = await h.db.query<{ region: number }>('select min(id)::int as region from regions');
    const region = area.rows[0]?.region;
    await h.db.query(
      `insert into role_grants (phone_number, role, location_type, location_id)
       values ($1, 'notification_manager', 'region', $2)`,
      [phone, region],
    );
    const u = h.tg.createUser({ first_name: 'Selam', language_code: 'en', phone_number: `+251${phone}` });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.pressReply(translate('en', 'bot.share_contact_button'));
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    const botUser = await h.db.query<{ id: number }>('select id from bot_users where telegram_id = $1', [
      u.id,
    ]);
    await h.db.query(
      `insert into location_notifications (name, message, content_type, location_type, location_id,
         region_id, created_by)
       values ('Weekly reminder', 'Record the reach', 'reach', 'region', $1, $1, $2)`,
      [region, botUser.rows[0]?.id],
    );
    const revoked = await h.backend.inject({
      method: 'POST',
      url: '/backend/api/role-grants/revoke/',
      headers: operator,
      payload: {
        phone_number: phone,
        role: 'notification_manager',
        location_type: 'region',
        location_id: region,
      },
    });
    expect(revoked.json()).toMatchObject({ revoked: 1 });

    await u.send('/notifications');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.open_form'));
    expect(readLink(webAppUrl(u, translate('en', 'bot.open_form_button'))).path).toBe('/notification/list');
    await u.send('/start');
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    const labels = replyLabels(u);
    expect(labels).toContain(translate('en', 'bot.menu.notifications'));
    expect(labels).not.toContain(translate('en', 'bot.menu.create_notification'));
  });
});

describe('/reports', () => {
  it('sends a link to the reports of the user’s own area, in their language', async () => {
    const da = await demoDa('dawit', 'am');
    // The hub's reports entry has no button in the chat, and leaves no empty row in the menu.
    const rows = da.u.keyboard()?.markup.keyboard ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.length === 0)).toEqual([]);
    await da.u.send('/reports');
    const m = await da.u.waitForMessage((m) => m.text === translate('am', 'bot.open_reports'));
    const button = inlineButtons(m).find((b) => b.text === translate('am', 'bot.open_reports_button'));
    const url = button && 'web_app' in button ? (button.web_app?.url ?? '') : '';
    expect(readLink(url)).toMatchObject({ path: '/reports', params: { lang: 'am' } });
    // The link is proof for the report of the DA's kebele (which one is the server's decision).
    const r = await h.backend.inject({
      method: 'GET',
      url: '/backend/api/reports/',
      headers: { authorization: linkProof(url) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().area).toMatchObject({ level: 'kebele', id: da.kebele });
    expect(botCommands('am').map((c) => c.command)).toContain('reports');
  });

  it('subscribes to the weekly digest and unsubscribes, from buttons under the answer', async () => {
    const da = await demoDa('dawit', 'om');
    const subscribed = async () =>
      (await h.db.query('select 1 from report_digest_subscriptions where bot_user_id = $1', [da.botUserId]))
        .rows.length === 1;
    await da.u.send('/reports');
    const m = await da.u.waitForMessage((m) => m.text === translate('om', 'bot.open_reports'));
    await da.u.pressInline(m, translate('om', 'bot.digest.subscribe'));
    await da.u.waitForMessage((m) => m.text === translate('om', 'bot.digest.subscribed'));
    expect(await subscribed()).toBe(true);
    await da.u.pressInline(m, translate('om', 'bot.digest.unsubscribe'));
    await da.u.waitForMessage((m) => m.text === translate('om', 'bot.digest.unsubscribed'));
    expect(await subscribed()).toBe(false);
  });
});

describe('/digest', () => {
  const subscribed = async (telegramId: number) =>
    (
      await h.db.query(
        `select 1 from report_digest_subscriptions s join bot_users b on b.id = s.bot_user_id
         where b.telegram_id = $1`,
        [telegramId],
      )
    ).rows.length === 1;
  /** The one button under a /digest answer, pressed; the answer to it. */
  async function press(u: TestUser, lang: Language, status: 'off' | 'on') {
    const m = await u.waitForMessage((m) => m.text === translate(lang, `bot.digest.status_${status}`));
    const button = status === 'off' ? 'bot.digest.subscribe' : 'bot.digest.unsubscribe';
    expect(inlineButtons(m).map((b) => b.text)).toEqual([translate(lang, button)]);
    await u.pressInline(m, translate(lang, button));
    const done = status === 'off' ? 'bot.digest.subscribed' : 'bot.digest.unsubscribed';
    await u.waitForMessage((m) => m.text === translate(lang, done));
  }

  it('tells a DA whether they get the digest and offers the button that changes it', async () => {
    const da = await demoDa('meseret', 'am');
    await da.u.send('/digest');
    await press(da.u, 'am', 'off');
    expect(await subscribed(da.u.id)).toBe(true);
    await da.u.send('/digest');
    await press(da.u, 'am', 'on');
    expect(await subscribed(da.u.id)).toBe(false);
    for (const lang of ['en', 'am', 'om'] as const)
      expect(botCommands(lang).map((c) => c.command)).toContain('digest');
    expect(translate('om', 'bot.digest.status_off')).not.toBe(translate('en', 'bot.digest.status_off'));
  });

  it('lets the demo report user subscribe to their woreda’s digest', async () => {
    const u = h.tg.createUser({ id: DEMO_REPORTER_TELEGRAM_ID, first_name: 'Hana', language_code: 'en' });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.send('/digest');
    await press(u, 'en', 'off');
    expect(await subscribed(u.id)).toBe(true);
  });

  it('tells someone with no report area who reports are for, with no button', async () => {
    const u = h.tg.createUser({ first_name: 'Selam', language_code: 'om', phone_number: '+251911000455' });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('om', 'bot.ask_contact'));
    await u.send('/digest');
    const m = await u.waitForMessage((m) => m.text === translate('om', 'server.no_report_scope'));
    expect(inlineButtons(m)).toEqual([]);
    expect(await subscribed(u.id)).toBe(false);
  });
});

describe('a DA the bot has not linked yet', () => {
  it('updates in update_outbound mode, then links on /start; no groups → add one first', async () => {
    const phone = '911000444';
    const u = h.tg.createUser({ first_name: 'Genet', language_code: 'en', phone_number: `+251${phone}` });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.pressReply(translate('en', 'bot.share_contact_button'));
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    await u.send('/reach');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.registration_required'));

    // The DA appears in the DA list (as in the organisation's backend), in a kebele with no groups.
    const da = await h.db.query<{ id: number; kebele: number }>(
      `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
         region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
       select 'Genet', 'Alemu', 'Tadesse', $1, $1, 'female', z.region_id, w.zone_id, k.woreda_id, k.id,
         (select min(id) from da_roles), (select min(id) from bot_users)
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       where not exists (select 1 from development_groups g where g.kebele_id = k.id)
       order by k.id limit 1
       returning id, kebele_id as kebele`,
      [phone],
    );
    // The organisation lists them for that kebele, so they are a DA once their contact links them.
    await h.db.query(
      `insert into da_roster (phone_number, first_name, father_name, grand_father_name, sex, kebele_id, role_id)
       values ($1, 'Genet', 'Alemu', 'Tadesse', 'female', $2, (select min(id) from da_roles))`,
      [phone, da.rows[0]?.kebele],
    );
    const botUser = await h.db.query<{ id: number }>('select id from bot_users where telegram_id = $1', [
      u.id,
    ]);
    await u.send('/profile');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.open_form'));
    expect(readLink(webAppUrl(u, translate('en', 'bot.open_form_button')))).toMatchObject({
      path: '/da_update_profile',
      params: {
        user_id: String(botUser.rows[0]?.id),
        phone_number: `0${phone}`,
        update_outbound: 'true',
        lang: 'en',
      },
    });

    await u.send('/start');
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.welcome_back', { name: 'Genet' })));
    expect(readLink(webAppUrl(u, translate('en', 'bot.menu.add_group'))).params).toMatchObject({
      da_id: String(da.rows[0]?.id),
      kebele_id: String(da.rows[0]?.kebele),
    });
    await u.pressReply(translate('en', 'bot.menu.record_adoption'));
    await u.waitForMessage((m) => m.text === translate('en', 'bot.groups.none'));
    expect(replyLabels(u)).toContain(translate('en', 'bot.menu.add_group'));
  });
});

describe('a DA of the organisation roster', () => {
  it('is offered the registration form in update_outbound mode on first contact', async () => {
    const phone = '911000555';
    const imported = await h.backend.inject({
      method: 'POST',
      url: '/backend/api/import/roster/',
      headers: { authorization: `Bearer ${SERVICE_TOKEN}`, 'content-type': 'application/json' },
      payload: {
        first_row: 2,
        rows: [
          {
            phone_number: `0${phone}`,
            first_name: 'Almaz',
            father_name: 'Roster',
            grand_father_name: 'Listed',
            gender: 'female',
            kebele: 'ET031702888001',
            role: 'Crop DA',
          },
        ],
      },
    });
    expect(imported.json()).toMatchObject({ created: 1 });
    const u = h.tg.createUser({ first_name: 'Almaz', language_code: 'en', phone_number: `+251${phone}` });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.pressReply(translate('en', 'bot.share_contact_button'));
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    expect(readLink(webAppUrl(u, translate('en', 'bot.register_da_button')))).toMatchObject({
      path: '/da_registration',
      params: { phone_number: `0${phone}`, update_outbound: 'true' },
    });
    // Every later keyboard keeps the mode (the session remembers the lookup), /menu's too.
    await u.send('/menu');
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    expect(readLink(webAppUrl(u, translate('en', 'bot.register_da_button'))).params.update_outbound).toBe(
      'true',
    );

    // Someone not on the roster gets the plain registration form.
    const v = h.tg.createUser({ first_name: 'Other', language_code: 'en', phone_number: '+251911000556' });
    await v.send('/start');
    await v.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await v.pressReply(translate('en', 'bot.share_contact_button'));
    await v.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    expect(
      readLink(webAppUrl(v, translate('en', 'bot.register_da_button'))).params.update_outbound,
    ).toBeUndefined();
  });
});

describe('proof', () => {
  it('the backend accepts the bot’s links and rejects forged or tampered ones (401)', async () => {
    const da = await demoDa('dawit', 'en');
    const url = webAppUrl(da.u, translate('en', 'bot.menu.register_farmer'));
    const call = (authorization: string) =>
      h.backend.inject({
        method: 'GET',
        url: `/backend/api/development-groups/?kebele=${da.kebele}&paginate=false`,
        headers: { authorization },
      });
    expect((await call(linkProof(url))).statusCode).toBe(200);

    const tampered = new URL(url);
    tampered.searchParams.set('da_id', String(da.daId + 1));
    expect((await call(linkProof(tampered.toString()))).statusCode).toBe(401);

    const otherUser = new URL(url);
    otherUser.searchParams.set('tg', String(da.u.id + 1));
    expect((await call(linkProof(otherUser.toString()))).statusCode).toBe(401);

    const forged = new URL(url);
    forged.searchParams.set('sig', 'A'.repeat(43));
    expect((await call(linkProof(forged.toString()))).statusCode).toBe(401);
  });
});
