// Conversation tests: who becomes a DA (docs/authorization.md, "Verification status"), through
// the emulator, the real bot, the embedded backend and the notification engine that sends the
// requests and their outcomes from the backend's queue.
import { reportDayOf } from '@gebere/contract';
import { dayIn, type Language, translate } from '@gebere/i18n';
import type { ChatMessage, TestUser } from '@gebere/telegram-emulator';
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotificationEngine, type NotificationEngine } from '../notifications/engine';
import {
  type Harness,
  inlineButtons,
  LINK_SECRET,
  LINK_TTL,
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
  await h.startBot();
});
afterAll(() => h?.close());

type Key = Parameters<typeof translate>[1];
const tr = (lang: Language, key: Key, vars?: Record<string, string>) =>
  translate(lang, key as 'bot.welcome_new', vars as never);

/** A copy of the notification engine on the harness's database: it sends what the backend queued. */
function engine(): NotificationEngine {
  return createNotificationEngine({
    db: h.db,
    api: new Api(h.tg.token, { apiRoot: h.tg.apiRoot }),
    logger: h.logger,
    links: { secret: LINK_SECRET, ttlSeconds: LINK_TTL, publicUrl: PUBLIC_URL },
  });
}

async function backend(method: 'GET' | 'POST', url: string, authorization: string, payload?: object) {
  const r = await h.backend.inject({
    method,
    url: `/backend${url}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, body: r.json() };
}
const operator = `Bearer ${SERVICE_TOKEN}`;

let nextPhone = 911_300_100;
/** /start and the user's own contact; resolves on the bot's answer to it. */
async function onboard(first_name: string, lang: Language): Promise<{ u: TestUser; phone: string }> {
  const phone = String(nextPhone++);
  const u = h.tg.createUser({ first_name, language_code: lang, phone_number: `+251${phone}` });
  await u.send('/start');
  await u.waitForMessage((m) => m.text === tr(lang, 'bot.ask_contact'));
  await u.pressReply(tr(lang, 'bot.share_contact_button'));
  await u.waitForMessage();
  return { u, phone };
}

async function status(telegramId: number) {
  const r = await h.db.query<{ s: string }>(
    'select verification_status as s from bot_users where telegram_id = $1',
    [telegramId],
  );
  return r.rows[0]?.s;
}

/** Kebeles with their whole path and name, each in a region of its own. */
async function places() {
  const r = await h.db.query<{
    region: number;
    zone: number;
    woreda: number;
    kebele: number;
    name: string;
    role: number;
  }>(
    `select distinct on (z.region_id) z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele,
       k.name, (select min(id) from da_roles) as role
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
     order by z.region_id, k.id limit 3`,
  );
  type Place = (typeof r.rows)[0];
  return r.rows as [Place, Place, Place];
}

/** The DA registration screen, as the form sends it: register with the link, then hand back. */
async function register(
  u: TestUser,
  lang: Language,
  phone: string,
  first_name: string,
  area: Awaited<ReturnType<typeof places>>[0],
) {
  const launch = u.launchFromReply(tr(lang, 'bot.register_da_button'));
  const botUserId = Number(readLink(launch.url).params.user_id);
  const created = await h.backend.inject({
    method: 'POST',
    url: '/backend/api/da-profiles/',
    headers: { authorization: linkProof(launch.url), 'accept-language': lang },
    payload: {
      first_name,
      father_name: 'Bekele',
      grand_father_name: 'Desta',
      phone_number: phone,
      telegram_phone_number: phone,
      sex: 'female',
      region: area.region,
      zone: area.zone,
      woreda: area.woreda,
      kebele: area.kebele,
      role: area.role,
      created_by: botUserId,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const da = created.json() as { id: number; enrolment: { status: string; waiting_for: string | null } };
  // Spec §4: the screen then asks for VERIFIED; for a DA the roster does not list it is refused.
  const patch = await h.backend.inject({
    method: 'PATCH',
    url: `/backend/api/bot-users/${botUserId}/`,
    headers: { authorization: linkProof(launch.url), 'accept-language': lang },
    payload: { id: botUserId, verification_status: 'VERIFIED' },
  });
  await launch.sendData(
    JSON.stringify({ kind: 'da_registered', da_id: da.id, name: first_name, update: false }),
  );
  return { da, patch: { status: patch.statusCode, body: patch.json() } };
}

/** A callback query as a client could send it, with any data, under any message of its chat. */
function forgeCallback(u: TestUser, message: ChatMessage, data: string) {
  const emu = h.tg.emulator;
  const queryId = emu.queries.newCallback(u.id);
  emu.updates.push('callback_query', {
    id: queryId,
    from: emu.store.requireUser(u.id).user,
    message: message.raw,
    chat_instance: String(u.id),
    data,
  });
  return u.waitFor(() => emu.queries.callbackAnswer(queryId), { description: 'the forged callback answer' });
}

const request = (m: ChatMessage | undefined) => {
  const button = inlineButtons(m)[0] as { callback_data?: string } | undefined;
  return Number(/^enrol:a:(\d+)$/.exec(button?.callback_data ?? '')?.[1]);
};

describe('a DA the roster does not list', () => {
  it('waits; the area’s supervisor approves in the chat; the DA gets their menu; others cannot decide', async () => {
    const [area, elsewhere] = await places();
    // The supervisor of the area (in Amharic) and one of another region, both known to the bot.
    const sup = await onboard('Hana', 'am');
    const far = await onboard('Kebede', 'en');
    for (const [who, a] of [
      [sup, { location_type: 'region', location_id: area.region }],
      [far, { location_type: 'region', location_id: elsewhere.region }],
    ] as const)
      expect(
        (
          await backend('POST', '/api/role-grants/', operator, {
            phone_number: who.phone,
            role: 'supervisor',
            ...a,
          })
        ).status,
      ).toBe(201);

    const { u: da, phone } = await onboard('Almaz', 'en');
    const { da: profile, patch } = await register(da, 'en', phone, 'Almaz', area);
    expect(profile.enrolment).toEqual({ status: 'PENDING', waiting_for: 'supervisor' });
    expect(patch).toEqual({
      status: 403,
      body: { detail: tr('en', 'server.enrolment_pending') },
    });
    // The chat's summary, then registration buttons without a second DA registration.
    await da.waitForMessage((m) => m.text === tr('en', 'bot.results.da_registered', { name: 'Almaz' }));
    expect(replyLabels(da)).not.toContain(tr('en', 'bot.register_da_button'));
    expect(replyLabels(da)).not.toContain(tr('en', 'bot.menu.register_farmer'));
    expect(await status(da.id)).toBe('PENDING');

    // The engine, started after the registration (a restart, or another copy), sends what was queued.
    expect(await engine().runEnrolmentMessages()).toEqual({ sent: 2, failed: 0 });
    await da.waitForMessage((m) => m.text === tr('en', 'bot.enrolment.pending_supervisor'));
    const ask = await sup.u.waitForMessage((m) => m.text?.includes(`Almaz Bekele Desta`));
    expect(ask.text).toContain(`0${phone}`);
    expect(ask.text).toContain(area.name);
    expect(inlineButtons(ask).map((b) => b.text)).toEqual([
      tr('am', 'bot.enrolment.approve'),
      tr('am', 'bot.enrolment.reject'),
    ]);
    // The other region's supervisor was not asked; nor does a second engine send anything again.
    expect(far.u.botMessages().some((m) => m.text?.includes('Almaz Bekele'))).toBe(false);
    expect(await engine().runEnrolmentMessages()).toEqual({ sent: 0, failed: 0 });

    // Forged callback data from someone whose grant does not cover the kebele decides nothing.
    const id = request(ask);
    const farLast = far.u.botMessages().at(-1) as ChatMessage;
    expect(await forgeCallback(far.u, farLast, `enrol:a:${id}`)).toMatchObject({
      text: tr('en', 'bot.enrolment.not_allowed'),
      show_alert: true,
    });
    expect(await forgeCallback(da, da.botMessages().at(-1) as ChatMessage, `enrol:a:${id}`)).toMatchObject({
      text: tr('en', 'bot.enrolment.not_allowed'),
    });
    expect(await status(da.id)).toBe('PENDING');

    // The supervisor approves: the request shows its outcome instead of the buttons.
    const press = await sup.u.pressInline(ask, tr('am', 'bot.enrolment.approve'));
    if (press.kind !== 'callback') throw new Error('expected a callback button');
    await expect(press.waitForAnswer()).resolves.toMatchObject({
      text: tr('am', 'bot.enrolment.you_approved'),
    });
    await sup.u.waitFor(() => sup.u.message(ask)?.text?.endsWith(tr('am', 'bot.enrolment.you_approved')), {
      description: 'the request shows who decided',
    });
    expect(inlineButtons(sup.u.message(ask))).toEqual([]);
    expect(await status(da.id)).toBe('VERIFIED');

    // The DA is told, with their menu and links made for their profile.
    expect(await engine().runEnrolmentMessages()).toEqual({ sent: 1, failed: 0 });
    await da.waitForMessage((m) => m.text?.startsWith('✅') && m.text.includes(area.name));
    expect(replyLabels(da)).toContain(tr('en', 'bot.menu.register_farmer'));
    expect(readLink(webAppUrl(da, tr('en', 'bot.menu.register_farmer'))).params).toMatchObject({
      da_id: String(profile.id),
      kebele_id: String(area.kebele),
    });

    // A second tap (the old button, forged again) says it is decided, and by whom.
    const date = dayIn('am', reportDayOf(new Date())); // in the Ethiopian calendar, as the supervisor reads
    expect(await forgeCallback(sup.u, ask, `enrol:r:${id}`)).toMatchObject({
      text: tr('am', 'bot.enrolment.already_approved', { who: 'Hana', date }),
    });
    expect(await status(da.id)).toBe('VERIFIED');
  });

  it('a rejection tells the DA, who then has no menu; with no supervisor, an operator is said to decide', async () => {
    // A region nobody supervises (the first test's supervisors cover the other two).
    const [, , elsewhere] = await places();
    const sup = await onboard('Abdi', 'en');
    const { u: first, phone: firstPhone } = await onboard('Mulu', 'en');
    // No supervisor covers the kebele yet: an operator will decide.
    const { da: alone } = await register(first, 'en', firstPhone, 'Mulu', elsewhere);
    expect(alone.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
    await engine().runEnrolmentMessages();
    await first.waitForMessage((m) => m.text === tr('en', 'bot.enrolment.pending_operator'));

    await backend('POST', '/api/role-grants/', operator, {
      phone_number: sup.phone,
      role: 'supervisor',
      location_type: 'kebele',
      location_id: elsewhere.kebele,
    });
    const { u: da, phone } = await onboard('Selam', 'om');
    await register(da, 'om', phone, 'Selam', elsewhere);
    await engine().runEnrolmentMessages();
    await da.waitForMessage((m) => m.text === tr('om', 'bot.enrolment.pending_supervisor'));
    const ask = await sup.u.waitForMessage((m) => m.text?.includes('Selam Bekele Desta'));
    const press = await sup.u.pressInline(ask, tr('en', 'bot.enrolment.reject'));
    if (press.kind !== 'callback') throw new Error('expected a callback button');
    await expect(press.waitForAnswer()).resolves.toMatchObject({
      text: tr('en', 'bot.enrolment.you_rejected'),
    });
    expect(await status(da.id)).toBe('REJECTED');
    await engine().runEnrolmentMessages();
    await da.waitForMessage((m) => m.text === tr('om', 'bot.rejected'));
    expect(replyLabels(da)).toEqual([]);
    // The operator's own decision on the first one (gebere approve), and the DA is told.
    const open = await backend(
      'GET',
      `/api/da-enrolments/?phone_number=${firstPhone}&status=pending`,
      operator,
    );
    const decided = await backend(
      'POST',
      `/api/da-enrolments/${open.body.results[0].id}/decision/`,
      operator,
      {
        decision: 'approved',
      },
    );
    expect(decided.body.outcome).toBe('decided');
    await engine().runEnrolmentMessages();
    await first.waitForMessage((m) => m.text?.startsWith('✅'));
    expect(replyLabels(first)).toContain(tr('en', 'bot.menu.register_farmer'));
  });
});
