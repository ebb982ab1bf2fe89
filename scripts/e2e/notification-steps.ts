// Location notifications in the journeys: DAs who have the bot, the create form, and what the
// notification engine (running inside the product, Bot API = the emulator) must have delivered,
// worded by the engine's own renderer from the rows as they are.

import { verifyLink } from '@gebere/bot/auth';
import { type DeliveryContext, makeLinker, renderDelivery } from '@gebere/bot/notifications';
import type { AdvisoryText } from '@gebere/contract/rules';
import type { Language } from '@gebere/i18n';
import { parseHtml, type TestUser } from '@gebere/telegram-emulator';
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';

import { startAndShareContact } from './demo-das';
import { row, rows } from './journey';
import { choose, menuLabels, replyLabels, type T } from './steps';
import type { Product } from './test-kit';

/** A DA's place in the admin tree (ids as text, as the form's selects hold them). */
export interface DaArea {
  botUserId: string;
  region: string;
  zone: string;
  woreda: string;
  kebele: string;
}

export const daArea = (telegramId: number) =>
  row<DaArea>(
    `select u.id::text as "botUserId", p.region_id::text as region, p.zone_id::text as zone,
       p.woreda_id::text as woreda, p.kebele_id::text as kebele
     from bot_users u join da_profiles p on p.id = u.da_profile_id where u.telegram_id = $1`,
    [telegramId],
  );

/**
 * A colleague who has the bot: a DA profile in `kebeleId`, listed there by the organisation's
 * roster, and a Telegram user who links it the way a DA does, /start and sharing their phone. Driven
 * through the emulator's client API: no browser needed for someone who only receives.
 */
export async function linkedColleague(
  product: Product,
  t: T,
  who: { first: string; phone: string; lang: Language; kebeleId: string },
): Promise<TestUser> {
  await rows(
    `insert into da_profiles (first_name, father_name, grand_father_name, phone_number, telegram_phone_number, sex,
       region_id, zone_id, woreda_id, kebele_id, role_id, created_by)
     select $1, 'Kebede', 'Alemu', $2, $2, 'female', z.region_id, w.zone_id, k.woreda_id, k.id,
       (select min(id) from da_roles), (select min(id) from bot_users)
     from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.id = $3`,
    [who.first, who.phone, who.kebeleId],
  );
  // The organisation lists them for that kebele, so their contact makes them a DA (enrolment).
  await rows(
    `insert into da_roster (phone_number, first_name, father_name, grand_father_name, sex, kebele_id, role_id)
     values ($1, $2, 'Kebede', 'Alemu', 'female', $3, (select min(id) from da_roles))`,
    [who.phone, who.first, who.kebeleId],
  );
  const u = await startAndShareContact(product, t, who);
  await expect.poll(() => replyLabels(u), { timeout: 20_000 }).toEqual(menuLabels(t, false));
  return u;
}

/**
 * The DAs the spec means by "the DAs of an area", from the rows and not from the engine's query:
 * DA profiles in the area's kebeles whose Telegram user has the bot (a linked bot user).
 */
export async function dasWithTheBot(level: 'woreda' | 'kebele', areaId: string): Promise<number[]> {
  const r = await rows<{ telegram_id: string }>(
    `select u.telegram_id::text from da_profiles p join kebeles k on k.id = p.kebele_id
       join bot_users u on u.da_profile_id = p.id
     where ${level === 'woreda' ? 'k.woreda_id' : 'k.id'} = $1 order by u.telegram_id`,
    [areaId],
  );
  return r.map((x) => Number(x.telegram_id));
}

/** The create form, filled in the order a person goes down it; `kebele` unset targets the woreda. */
export async function fillNotification(
  app: Frame,
  f: {
    name: string;
    message: string;
    contentType: string;
    area: Omit<DaArea, 'botUserId'>;
    kebele?: boolean;
  },
) {
  await app.locator('input[name="name"]').fill(f.name);
  await app.locator('textarea[name="message"]').fill(f.message);
  await choose(app, 'content_type', f.contentType);
  await choose(app, 'region', f.area.region);
  await choose(app, 'zone', f.area.zone);
  await choose(app, 'woreda', f.area.woreda);
  if (f.kebele) await choose(app, 'kebele', f.area.kebele);
  await switchOn(app, 'send_now');
}

/** A telegram-ui switch (its drawn track covers the input): a tap on its cell. */
export async function switchOn(app: Frame, name: string) {
  const input = app.locator(`input[name="${name}"]`);
  if (!(await input.isChecked())) await app.locator('label', { has: input }).first().click();
  await expect.poll(() => input.isChecked(), { timeout: 10_000 }).toBe(true);
}

export interface DeliveryRow {
  notification_id: string;
  bot_user_id: string;
  telegram_id: string;
  occurrence: Date;
  status: string;
  message_id: number | null;
  last_error: string | null;
}

export const deliveryRows = (notificationId: string) =>
  rows<DeliveryRow>(
    `select d.notification_id::text, d.bot_user_id::text, u.telegram_id::text, d.occurrence, d.status, d.message_id, d.last_error
     from notification_deliveries d join bot_users u on u.id = d.bot_user_id
     where d.notification_id = $1 order by d.occurrence, u.telegram_id`,
    [notificationId],
  );

/**
 * Waits for the engine (it plans every `planTickMs`, 1 s, and sends at once) until `count` rows exist and none
 * is still queued. The product shares 2 cores with Chromium and other suites, hence the minute.
 */
export async function waitForDeliveries(notificationId: string, count: number): Promise<DeliveryRow[]> {
  let last: DeliveryRow[] = [];
  await expect
    .poll(
      async () => {
        last = await deliveryRows(notificationId);
        return last.length === count && last.every((d) => d.status !== 'queued');
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return last;
}

/**
 * What comes after anything the engine was still going to send: a send-now notification to the
 * kebele, created now and delivered. The planner plans every due notification in each pass, so
 * a send the rows before it still owed is planned no later than this one; then "nothing more"
 * is read from the rows, not from a wait of a few ticks.
 */
export async function engineCaughtUp(product: Product, area: DaArea): Promise<void> {
  const marker = (await product.backend('POST', '/api/location-notifications/', {
    name: 'Engine caught up',
    message: '✓',
    content_type: 'reach',
    send_now: true,
    location_type: 'kebele',
    location_id: Number(area.kebele),
    created_by: Number(area.botUserId),
  })) as { id: number };
  await waitForDeliveries(String(marker.id), 1);
}

/**
 * What the engine must have sent `telegramId` for the notification as its row reads now: the
 * chat text (Telegram's parse of the HTML) and the markup, by the engine's renderer.
 */
export async function expectedDelivery(product: Product, notificationId: string, telegramId: number) {
  const n = await row<{ name: string; message: string; content_type: DeliveryContext['contentType'] }>(
    'select name, message, content_type from location_notifications where id = $1',
    [notificationId],
  );
  const u = await row<{ id: string; chat_id: string; language: string; da_id: string; kebele_id: string }>(
    `select u.id, u.chat_id, u.language, p.id as da_id, p.kebele_id
     from bot_users u join da_profiles p on p.id = u.da_profile_id where u.telegram_id = $1`,
    [telegramId],
  );
  const advisoryId = n.content_type === 'advisory' ? await latestAdvisoryFor(u.kebele_id) : null;
  const a = advisoryId
    ? await row<AdvisoryText>(
        `select label, label_am, label_om, template_content, template_content_am, template_content_om
         from advisories where id = $1`,
        [advisoryId],
      )
    : null;
  const ctx: DeliveryContext = {
    id: 0,
    notificationId: Number(notificationId),
    attempts: 1,
    claimedUntil: 0,
    botUserId: Number(u.id),
    telegramId,
    chatId: Number(u.chat_id),
    language: u.language,
    daId: Number(u.da_id),
    kebeleId: Number(u.kebele_id),
    name: n.name,
    message: n.message,
    contentType: n.content_type,
    advisory: a && advisoryId ? { ...a, id: advisoryId } : null,
  };
  const { links } = product.config;
  const m = renderDelivery(ctx, makeLinker({ ...links, publicUrl: product.config.publicUrl }, Date.now));
  const lang = u.language as Language;
  return {
    text: parseHtml(m.text).text,
    reply_markup: m.reply_markup,
    advisoryId,
    botUserId: Number(u.id),
    lang,
  };
}

/**
 * Spec §2's advisory for a DA (the one a notification of type advisory carries): the newest
 * advisory of the DA's kebele or of its woreda, zone or region, the newest id breaking a tie.
 */
export async function latestAdvisoryFor(kebeleId: string): Promise<number | null> {
  const r = await rows<{ id: string }>(
    `select a.id from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id, advisories a
     where k.id = $1 and (a.kebele_id = k.id or a.woreda_id = w.id or a.zone_id = z.id or a.region_id = z.region_id)
     order by a.created_at desc, a.id desc limit 1`,
    [kebeleId],
  );
  return r[0] ? Number(r[0].id) : null;
}

/** The bot message a delivery row says was sent to `u`. */
export function deliveredMessage(u: TestUser, d: DeliveryRow) {
  const m = u.history().find((x) => x.from === 'bot' && x.message_id === d.message_id);
  if (!m) throw new Error(`delivery ${d.message_id} not in the chat of ${u.id}`);
  return m;
}

/** The link of a delivered web_app button, checked as the backend checks it. */
export function linkOf(product: Product, url: string): Record<string, string | number> {
  const v = verifyLink(product.config.links.secret, url.slice(product.config.publicUrl.length));
  if (!v.ok) throw new Error(`link not valid: ${v.reason}`);
  return { path: v.path, tg: v.telegramUserId, ...Object.fromEntries(v.params) };
}

/** Chat messages starting with a notification's `📢 name` in every emulator chat, by user. */
export function notificationsSeen(product: Product, name: string): Map<number, number> {
  const seen = new Map<number, number>();
  for (const u of product.emulator.users()) {
    const n = u.history().filter((m) => m.from === 'bot' && m.text?.startsWith(`📢 ${name}`)).length;
    if (n) seen.set(u.id, n);
  }
  return seen;
}

/** The update form's "sent" figure (the details call's delivery counts). */
export async function sentCount(page: Page | Frame) {
  return Number(await page.locator('.delivery-count-sent strong').textContent());
}

/** A message's inline buttons, a web_app link as its verified path and parameters (not its expiry). */
export function buttonsOf(product: Product, markup: unknown) {
  const rowsOf = (markup as { inline_keyboard?: Array<Array<Record<string, unknown>>> } | undefined)
    ?.inline_keyboard;
  return (rowsOf ?? []).flat().map((b) => {
    const url = (b.web_app as { url?: string } | undefined)?.url;
    if (!url) return b;
    const { exp: _, ...link } = linkOf(product, url);
    return { text: b.text, web_app: link };
  });
}

/**
 * Each row sent, to exactly `recipients` (Telegram ids), and each chat shows what the engine's
 * renderer makes of the notification as it reads now: the text, and the buttons.
 */
export async function expectDelivered(product: Product, delivered: DeliveryRow[], recipients: number[]) {
  const byId = (a: number, b: number) => a - b;
  expect(delivered.map((d) => Number(d.telegram_id)).sort(byId)).toEqual([...recipients].sort(byId));
  const seen = [];
  for (const d of delivered) {
    expect(d).toMatchObject({ status: 'sent', last_error: null, message_id: expect.any(Number) });
    const who = product.emulator.user(Number(d.telegram_id));
    const shown = deliveredMessage(who, d);
    const want = await expectedDelivery(product, d.notification_id, who.id);
    expect(shown.text).toBe(want.text);
    expect(buttonsOf(product, shown.reply_markup)).toEqual(buttonsOf(product, want.reply_markup));
    seen.push({ who, shown, want });
  }
  return seen;
}
