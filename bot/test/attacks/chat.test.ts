// Attack suite, classes 1, 4 and 5 through the chat: the emulator, the real bot and
// the embedded backend (PGlite; bot/src/telegram/test-kit.ts). The backend side of the same
// classes, on every database, is in accounts.test.ts.
import { type Language, translate } from '@gebere/i18n';
import type { ChatMessage, TestUser } from '@gebere/telegram-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Harness,
  linkProof,
  readLink,
  replyLabels,
  SERVICE_TOKEN,
  startHarness,
  webAppUrl,
} from '../../src/telegram/test-kit';
import { uniqueNumber, uniquePhone } from '../backend/test-kit/fixtures';
import { TEXTS } from './test-kit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.startBot();
});
afterAll(() => h?.close());

type Key = Parameters<typeof translate>[1];
const tr = (lang: Language, key: Key, vars?: Record<string, string>) =>
  translate(lang, key as 'bot.welcome_new', vars as never);
const menuButton = (lang: Language) => tr(lang, 'bot.menu.register_farmer');

/** The backend as the screens and the operator call it. */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  authorization: string,
  payload?: object,
  lang: Language = 'en',
) {
  const r = await h.backend.inject({
    method,
    url: `/backend${path}`,
    headers: { authorization, 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
}
const operator = `Bearer ${SERVICE_TOKEN}`;

async function botUser(telegramId: number) {
  const r = await h.db.query<{
    id: number;
    verification_status: string;
    da_profile_id: number | null;
    phone_number: string | null;
  }>('select id, verification_status, da_profile_id, phone_number from bot_users where telegram_id = $1', [
    telegramId,
  ]);
  return r.rows[0];
}
const rowCounts = async () =>
  (
    await h.db.query<{ c: Record<string, number> }>(
      `select json_build_object('bot_users', (select count(*) from bot_users),
         'da_profiles', (select count(*) from da_profiles),
         'development_groups', (select count(*) from development_groups),
         'farmers', (select count(*) from farmers)) as c`,
    )
  ).rows[0]?.c;

/** A DA on the organisation's roster (made by the operator), whose Telegram phone is `phone`. */
async function rosterDa(phone: string, first_name: string) {
  const area = (
    await h.db.query<{ region: number; zone: number; woreda: number; kebele: number; role: number }>(
      `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele,
         (select min(id) from da_roles) as role
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id order by k.id limit 1`,
    )
  ).rows[0];
  const id = uniqueNumber();
  const owner = await call('POST', '/api/bot-users/', operator, {
    telegram_id: id,
    chat_id: id,
    first_name: 'Op',
  });
  const body = {
    first_name,
    father_name: 'Bekele',
    grand_father_name: 'Desta',
    phone_number: phone,
    telegram_phone_number: phone,
    sex: 'female',
    ...area,
    created_by: owner.body.id,
  };
  const r = await call('POST', '/api/da-profiles/', operator, body);
  if (r.status !== 201) throw new Error(`roster DA: ${r.status} ${JSON.stringify(r.body)}`);
  // The operator's registration links nobody: the DA's own contact will.
  await h.db.query('update bot_users set da_profile_id = null where id = $1', [owner.body.id]);
  return { id: r.body.id as number, body };
}

/** /start and the contact button; returns the bot's answer to the contact. */
async function shareContact(u: TestUser, lang: Language): Promise<ChatMessage> {
  await u.send('/start');
  await u.waitForMessage((m) => m.text === tr(lang, 'bot.ask_contact'));
  await u.pressReply(tr(lang, 'bot.share_contact_button'));
  return u.waitForMessage();
}

describe('1. Account takeover, through the chat', () => {
  it('neither the PATCH, /start nor a hand-made da_registered result links the caller to a DA', async () => {
    const victimPhone = uniquePhone();
    const victimDa = await rosterDa(victimPhone, 'Almaz');
    const victim = h.tg.createUser({
      first_name: 'Almaz',
      language_code: 'en',
      phone_number: `+251${victimPhone}`,
    });
    expect((await shareContact(victim, 'en')).text).toContain(tr('en', 'bot.verified'));

    const attackerPhone = uniquePhone();
    const attacker = h.tg.createUser({
      first_name: 'Mallory',
      language_code: 'en',
      phone_number: `+251${attackerPhone}`,
    });
    expect((await shareContact(attacker, 'en')).text).toContain(tr('en', 'bot.not_registered'));
    const me = await botUser(attacker.id);
    const launch = attacker.launchFromReply(tr('en', 'bot.register_da_button'));
    const proof = linkProof(launch.url);
    const before = await rowCounts();
    for (const lang of ['en', 'am'] as const) {
      const patch = await call(
        'PATCH',
        `/api/bot-users/${me?.id}/`,
        proof,
        { phone_number: victimPhone },
        lang,
      );
      expect(patch).toEqual({ status: 403, body: { detail: TEXTS.phone_from_contact_only[lang] } });
      const lookup = await call(
        'GET',
        `/api/da-profiles/?phone_number=0${victimPhone}`,
        proof,
        undefined,
        lang,
      );
      expect(lookup).toEqual({ status: 403, body: { detail: TEXTS.not_your_phone[lang] } });
    }
    expect(await rowCounts()).toEqual(before);

    // The result a registration screen hands back, made by hand and naming the victim's DA.
    await launch.sendData(
      JSON.stringify({ kind: 'da_registered', da_id: victimDa.id, name: 'Almaz', update: false }),
    );
    const reply = await attacker.waitForMessage();
    expect(reply.text).not.toContain(tr('en', 'bot.verified'));
    expect(replyLabels(attacker)).not.toContain(menuButton('en'));
    expect(replyLabels(attacker)).toContain(tr('en', 'bot.register_da_button'));
    // /start again: still the registration buttons, not the DA's menu.
    await attacker.send('/start');
    await attacker.waitForMessage((m) => m.text?.startsWith(tr('en', 'bot.not_registered')));
    expect(replyLabels(attacker)).not.toContain(menuButton('en'));

    expect(await botUser(attacker.id)).toMatchObject({
      phone_number: attackerPhone,
      verification_status: 'PENDING',
      da_profile_id: null,
    });
    expect(await botUser(victim.id)).toMatchObject({
      verification_status: 'VERIFIED',
      da_profile_id: victimDa.id,
    });
    // The real DA still has the menu, with links made for their own profile.
    await victim.send('/menu');
    await victim.waitForMessage();
    expect(readLink(webAppUrl(victim, menuButton('en'))).params.da_id).toBe(String(victimDa.id));
  });
});

describe('4. Onboarding hijack, through the chat', () => {
  it('a DA cannot take another DA’s phone; the real DA on a new account gets their own profile', async () => {
    const lang = 'am';
    const hanaPhone = uniquePhone();
    const hana = await rosterDa(hanaPhone, 'Hana');
    const malloryPhone = uniquePhone();
    const mallory = await rosterDa(malloryPhone, 'Mallory');
    const m = h.tg.createUser({
      first_name: 'Mallory',
      language_code: lang,
      phone_number: `+251${malloryPhone}`,
    });
    expect((await shareContact(m, lang)).text).toContain(tr(lang, 'bot.verified'));
    // The update-profile screen's link, used to put Hana's phone in Mallory's profile.
    const launch = m.launchFromReply(tr(lang, 'bot.menu.update_profile'));
    const before = await rowCounts();
    const put = await call(
      'PUT',
      `/api/da-profiles/${mallory.id}/`,
      linkProof(launch.url),
      { ...mallory.body, telegram_phone_number: hanaPhone, created_by: (await botUser(m.id))?.id },
      lang,
    );
    expect(put).toEqual({
      status: 400,
      body: { telegram_phone_number: [TEXTS.telegram_phone_not_verified[lang]] },
    });
    expect(await rowCounts()).toEqual(before);

    // Hana onboards on an old account, then on a new one: the new one is Hana, the old one is not.
    const old = h.tg.createUser({
      first_name: 'Hana',
      language_code: lang,
      phone_number: `+251${hanaPhone}`,
    });
    expect((await shareContact(old, lang)).text).toContain(tr(lang, 'bot.verified'));
    const fresh = h.tg.createUser({
      first_name: 'Hana',
      language_code: lang,
      phone_number: `+251${hanaPhone}`,
    });
    const welcome = await shareContact(fresh, lang);
    expect(welcome.text).toContain(tr(lang, 'bot.welcome_back', { name: 'Hana' }));
    expect(readLink(webAppUrl(fresh, menuButton(lang))).params).toMatchObject({
      da_id: String(hana.id),
    });
    expect(await botUser(fresh.id)).toMatchObject({
      verification_status: 'VERIFIED',
      da_profile_id: hana.id,
    });
    expect(await botUser(old.id)).toMatchObject({ verification_status: 'PENDING', da_profile_id: null });
  });

  // Telegram gives a number to one account at a time, so when the DA's new account shares it the
  // old account loses it (bot-users.ts applyPhoneLink): whoever holds the old account (a lost or
  // sold phone still logged in) is asked for a contact on /start, and cannot take the DA back.
  it('the old account’s /start does not take the DA back from the new account', async () => {
    const lang = 'en';
    const phone = uniquePhone();
    const da = await rosterDa(phone, 'Selam');
    const old = h.tg.createUser({ first_name: 'Selam', language_code: lang, phone_number: `+251${phone}` });
    expect((await shareContact(old, lang)).text).toContain(tr(lang, 'bot.verified'));
    const fresh = h.tg.createUser({ first_name: 'Selam', language_code: lang, phone_number: `+251${phone}` });
    expect((await shareContact(fresh, lang)).text).toContain(tr(lang, 'bot.verified'));
    await old.send('/start');
    await old.waitForMessage((m) => m.text === tr(lang, 'bot.ask_contact'));
    expect(await botUser(fresh.id)).toMatchObject({ da_profile_id: da.id, verification_status: 'VERIFIED' });
    expect(await botUser(old.id)).toMatchObject({ da_profile_id: null });
  });
});

describe.each(['en', 'am'] as const)('5. Status not enforced, through the chat (%s)', (lang) => {
  it('shows a REJECTED DA the rejected text, not the menu, and the server refuses its links', async () => {
    const phone = uniquePhone();
    const da = await rosterDa(phone, 'Tigist');
    const u = h.tg.createUser({ first_name: 'Tigist', language_code: lang, phone_number: `+251${phone}` });
    expect((await shareContact(u, lang)).text).toContain(tr(lang, 'bot.verified'));
    const stale = webAppUrl(u, menuButton(lang));
    const me = await botUser(u.id);
    const rejected = await call('PATCH', `/api/bot-users/${me?.id}/`, operator, {
      verification_status: 'REJECTED',
    });
    expect(rejected.status).toBe(200);

    await u.send('/start');
    await u.waitForMessage((m) => m.text === tr(lang, 'bot.rejected'));
    expect(replyLabels(u)).not.toContain(menuButton(lang));
    // The menu's link from before the rejection is refused by the server.
    const groups = await call(
      'GET',
      `/api/development-groups/?kebele=${da.body.kebele}`,
      linkProof(stale),
      undefined,
      lang,
    );
    expect(groups).toEqual({ status: 403, body: { detail: TEXTS.da_rejected[lang] } });
    // Sharing the contact again does not bring the menu back.
    await u.shareContact();
    await u.waitForMessage((m) => m.text === tr(lang, 'bot.rejected'));
    expect(replyLabels(u)).not.toContain(menuButton(lang));
    expect(await botUser(u.id)).toMatchObject({ verification_status: 'REJECTED', da_profile_id: da.id });
  });
});

// The bot reads the user from the backend for every DA-only command (home.ts
// requireDa), never the session's copy, so a DA rejected by an operator since their last /start
// gets the rejected text from /reach, /adoption, /register_farmer, /add_group and the menu's
// text buttons, not the group picker with names the bot read with its service token.
it('a DA rejected since their last /start gets the rejected text from /reach', async () => {
  const lang = 'en';
  const phone = uniquePhone();
  await rosterDa(phone, 'Lensa');
  const u = h.tg.createUser({ first_name: 'Lensa', language_code: lang, phone_number: `+251${phone}` });
  expect((await shareContact(u, lang)).text).toContain(tr(lang, 'bot.verified'));
  const me = await botUser(u.id);
  await call('PATCH', `/api/bot-users/${me?.id}/`, operator, { verification_status: 'REJECTED' });
  await u.send('/reach');
  const reply = await u.waitForMessage();
  expect(reply.text).toBe(tr(lang, 'bot.rejected'));
});
