// Conversation tests: /start and onboarding against the emulator and the embedded backend.
import { type Language, translate } from '@gebere/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToRoster,
  DEMO_DAS,
  type Harness,
  inlineButtons,
  LINK_TTL,
  linkProof,
  readLink,
  replyButtons,
  replyLabels,
  SERVICE_TOKEN,
  shareOtherContact,
  startHarness,
  webAppUrl,
} from './test-kit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.startBot();
});
afterAll(() => h?.close());

/** A DA's main menu; the notification entries only for a notification manager (hubMenu). */
const menuLabels = (lang: Language, manager = false) =>
  (
    [
      'register_farmer',
      'add_group',
      'record_reach',
      'record_adoption',
      'my_farmers',
      ...(manager ? (['notifications', 'create_notification'] as const) : []),
      'update_profile',
      'language',
      'help',
    ] as const
  ).map((k) => translate(lang, `bot.menu.${k}`));

async function botUser(telegramId: number) {
  const r = await h.db.query<{
    id: number;
    verification_status: string;
    da_profile_id: number | null;
    phone_number: string;
  }>('select id, verification_status, da_profile_id, phone_number from bot_users where telegram_id = $1', [
    telegramId,
  ]);
  return r.rows[0];
}

async function anyArea() {
  const r = await h.db.query<{ region: number; zone: number; woreda: number; kebele: number; role: number }>(
    `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele,
       (select min(id) from da_roles) as role
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id order by k.id limit 1`,
  );
  return r.rows[0] as NonNullable<(typeof r.rows)[0]>;
}

describe.each(['en', 'am'] as const)('onboarding in %s', (lang) => {
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string>) =>
    translate(lang, key as 'bot.welcome_new', vars as never);
  const phone = lang === 'en' ? '911000111' : '911000222';

  it('takes a new DA of the organisation’s roster from /start to the main menu', async () => {
    const area = await anyArea();
    await addToRoster(h, phone, area.kebele);
    const u = h.tg.createUser({ first_name: 'Almaz', language_code: lang, phone_number: `+251${phone}` });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === t('bot.welcome_new'));
    await u.waitForMessage((m) => m.text === t('bot.ask_contact'));
    const contact = replyButtons(u)[0];
    expect(contact).toMatchObject({ text: t('bot.share_contact_button'), request_contact: true });
    expect(u.keyboard()?.markup.one_time_keyboard).toBe(true);

    await u.pressReply(t('bot.share_contact_button'));
    const prompt = await u.waitForMessage((m) => m.text?.startsWith(t('bot.not_registered')));
    expect(prompt.text).toContain(t('bot.report_user_prompt'));
    const user = await botUser(u.id);
    expect(user).toMatchObject({ phone_number: phone, verification_status: 'PENDING', da_profile_id: null });
    // The audit trail names the Telegram user the bot wrote for (its service token alone would not).
    const audited = await h.db.query<{
      actor: string;
      telegram_id: number;
      after: { phone_number?: string };
    }>(
      `select actor, telegram_id, after from audit_log where table_name = 'bot_users' and record_id = $1
       order by id`,
      [user?.id],
    );
    expect(audited.rows[0]).toMatchObject({ actor: 'bot', telegram_id: u.id });
    expect(audited.rows.some((r) => r.after?.phone_number === phone)).toBe(true);

    // The registration button: a signed link with the spec's parameters, made for this user.
    const regUrl = webAppUrl(u, t('bot.register_da_button'));
    const reg = readLink(regUrl);
    expect(reg.path).toBe('/da_registration');
    // The roster knows the phone: the form opens in update_outbound mode (its update 404s, it registers).
    expect(reg.params).toEqual({
      user_id: String(user?.id),
      phone_number: `0${phone}`,
      update_outbound: 'true',
      lang,
    });
    expect(reg.link.ok && reg.link.telegramUserId).toBe(u.id);
    const exp = reg.link.ok ? reg.link.expiresAt : 0;
    expect(Math.abs(exp - (Date.now() / 1000 + LINK_TTL))).toBeLessThan(60);
    const report = readLink(webAppUrl(u, t('bot.register_report_user_button')));
    expect(report).toMatchObject({ path: '/register_report_user', params: { lang } });

    // The screen registers the DA with the link as proof, then hands the result back.
    const launch = u.launchFromReply(t('bot.register_da_button'));
    expect(launch.initData).toBeUndefined();
    const created = await h.backend.inject({
      method: 'POST',
      url: '/backend/api/da-profiles/',
      headers: { authorization: linkProof(launch.url) },
      payload: {
        first_name: 'Almaz',
        father_name: 'Bekele',
        grand_father_name: 'Desta',
        // The form sends the normalised (national) number.
        phone_number: phone,
        telegram_phone_number: phone,
        sex: 'female',
        region: area.region,
        zone: area.zone,
        woreda: area.woreda,
        kebele: area.kebele,
        role: area.role,
        created_by: user?.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const da = created.json() as { id: number };
    await launch.sendData(
      JSON.stringify({ kind: 'da_registered', da_id: da.id, name: 'Almaz', update: false }),
    );
    const done = await u.waitForMessage((m) => m.text?.includes(t('bot.verified')));
    expect(done.text).toContain(t('bot.results.da_registered', { name: 'Almaz' }));
    expect(replyLabels(u)).toEqual(menuLabels(lang));
    expect(u.keyboard()?.markup.is_persistent).toBe(true);
    expect(await botUser(u.id)).toMatchObject({ verification_status: 'VERIFIED', da_profile_id: da.id });
    const farmer = readLink(webAppUrl(u, t('bot.menu.register_farmer')));
    expect(farmer.params).toEqual({ da_id: String(da.id), kebele_id: String(area.kebele), lang });

    // Next time: straight to the menu.
    await u.send('/start');
    const back = await u.waitForMessage((m) => m.text?.startsWith(t('bot.welcome_back', { name: 'Almaz' })));
    expect(back.text).toContain(t('bot.verified'));
    expect(replyLabels(u)).toEqual(menuLabels(lang));
  });

  it('links a known DA by phone and shows the main menu', async () => {
    const demo = lang === 'en' ? DEMO_DAS.abebe : DEMO_DAS.meseret;
    const u = h.tg.createUser({ first_name: 'Someone', language_code: lang, phone_number: demo.phone });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === t('bot.ask_contact'));
    await u.pressReply(t('bot.share_contact_button'));
    const welcome = await u.waitForMessage((m) =>
      m.text?.startsWith(t('bot.welcome_back', { name: demo.first_name })),
    );
    expect(welcome.text).toContain(t('bot.verified'));
    // Abebe and Meseret are the demo's notification managers.
    expect(replyLabels(u)).toEqual(menuLabels(lang, true));
    const user = await botUser(u.id);
    expect(user?.verification_status).toBe('VERIFIED');
    expect(user?.da_profile_id).toBeTypeOf('number');
  });

  it("refuses someone else's contact and an invalid number", async () => {
    const u = h.tg.createUser({ first_name: 'Kebede', language_code: lang, phone_number: '+251911000333' });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === t('bot.ask_contact'));
    await shareOtherContact(h.tg, u, DEMO_DAS.dawit.phone.slice(1), u.id + 1);
    await u.waitForMessage((m) => m.text === t('bot.share_own_contact'));
    expect(replyButtons(u)[0]).toMatchObject({ request_contact: true });
    expect((await botUser(u.id))?.phone_number).toBeNull();
    expect((await botUser(u.id))?.da_profile_id).toBeNull();

    const foreign = h.tg.createUser({ first_name: 'Jo', language_code: lang, phone_number: '+441234567890' });
    await foreign.send('/start');
    await foreign.waitForMessage((m) => m.text === t('bot.ask_contact'));
    await foreign.pressReply(t('bot.share_contact_button'));
    await foreign.waitForMessage((m) => m.text === t('bot.phone_not_valid'));
  });
});

describe('report users', () => {
  it('register through their button, then get the update button', async () => {
    const u = h.tg.createUser({ first_name: 'Tigist', language_code: 'en', phone_number: '+251911000555' });
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('en', 'bot.ask_contact'));
    await u.pressReply(translate('en', 'bot.share_contact_button'));
    await u.waitForMessage((m) => m.text?.startsWith(translate('en', 'bot.not_registered')));
    const launch = u.launchFromReply(translate('en', 'bot.register_report_user_button'));
    expect(readLink(launch.url)).toMatchObject({ path: '/register_report_user', params: { lang: 'en' } });
    const area = await anyArea();
    const created = await h.backend.inject({
      method: 'POST',
      url: '/backend/api/report-users/',
      headers: { authorization: linkProof(launch.url) },
      payload: {
        name: 'Tigist',
        phone_no: '911000555',
        gender: 'female',
        region: area.region,
        zone: area.zone,
        woreda: area.woreda,
        created_by: u.id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    await launch.sendData(
      JSON.stringify({ kind: 'report_user_saved', report_user_id: id, name: 'Tigist', update: false }),
    );
    await u.waitForMessage(
      (m) => m.text === translate('en', 'bot.results.report_user_registered', { name: 'Tigist' }),
    );
    expect(readLink(webAppUrl(u, translate('en', 'bot.update_report_user_button')))).toMatchObject({
      path: '/register_report_user',
      params: { lang: 'en', update: 'true' },
    });
  });
  it('a report user the bot has not seen lands on her reports after sharing her phone, not on “register”', async () => {
    const u = h.tg.createUser({ first_name: 'Hana', language_code: 'om', phone_number: '+251911000566' });
    const area = await anyArea();
    const made = await h.backend.inject({
      method: 'POST',
      url: '/backend/api/report-users/',
      headers: { authorization: `Bearer ${SERVICE_TOKEN}` },
      payload: {
        name: 'Hana',
        phone_no: '911000566',
        gender: 'female',
        region: area.region,
        zone: area.zone,
        woreda: area.woreda,
        created_by: u.id,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    await u.send('/start');
    await u.waitForMessage((m) => m.text === translate('om', 'bot.ask_contact'));
    await u.pressReply(translate('om', 'bot.share_contact_button'));
    const greeted = await u.waitForMessage((m) =>
      Boolean(m.text?.startsWith(translate('om', 'bot.welcome_back', { name: 'Hana' }))),
    );
    expect(greeted.text).toContain(translate('om', 'bot.report_user_home'));
    expect(greeted.text).not.toContain(translate('om', 'bot.not_registered'));
    expect(replyLabels(u)).toEqual([
      translate('om', 'bot.menu.reports'),
      translate('om', 'bot.update_report_user_button'),
      translate('om', 'bot.register_da_button'),
    ]);
    // Her Reports button answers as /reports: the link to her area's reports.
    await u.pressReply(translate('om', 'bot.menu.reports'));
    const m = await u.waitForMessage((m) => m.text === translate('om', 'bot.open_reports'));
    const button = inlineButtons(m).find((b) => b.text === translate('om', 'bot.open_reports_button'));
    const url = button && 'web_app' in button ? (button.web_app?.url ?? '') : '';
    expect(readLink(url)).toMatchObject({ path: '/reports', params: { lang: 'om' } });
  });
});

describe('language on first contact', () => {
  it('follows Telegram’s language_code: am → Amharic, om → Afaan Oromo, anything else → English', async () => {
    const ti = h.tg.createUser({ first_name: 'Hagos', language_code: 'ti' });
    await ti.send('/start');
    await ti.waitForMessage((m) => m.text === translate('en', 'bot.welcome_new'));
    const am = h.tg.createUser({ first_name: 'Hana', language_code: 'am-ET' });
    await am.send('/start');
    await am.waitForMessage((m) => m.text === translate('am', 'bot.welcome_new'));
    const language = async (u: { id: number }) =>
      (
        await h.db.query<{ language: string }>('select language from bot_users where telegram_id = $1', [
          u.id,
        ])
      ).rows[0]?.language;
    expect(await language(am)).toBe('am');
  });

  it('answers a user whose Telegram is in Afaan Oromo (language_code om) in Afaan Oromo', async () => {
    const om = h.tg.createUser({ first_name: 'Caaltuu', language_code: 'om' });
    await om.send('/start');
    await om.waitForMessage((m) => m.text === translate('om', 'bot.welcome_new'));
    await om.waitForMessage((m) => m.text === translate('om', 'bot.ask_contact'));
    const r = await h.db.query<{ language: string }>(
      'select language from bot_users where telegram_id = $1',
      [om.id],
    );
    expect(r.rows[0]?.language).toBe('om');
  });
});
