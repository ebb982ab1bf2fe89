import { Api, GrammyError, HttpError } from 'grammy';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { verifyLink } from '../auth/link';
import { DELIVERY_CALLBACKS } from './message';
import { deliveryCounts } from './queue';
import {
  type Harness,
  harness,
  insertNotification,
  LINK_SECRET,
  openSharedDb,
  PUBLIC_URL,
  type SharedDb,
} from './test-kit';
import type { SendApi } from './types';

const START = Date.parse('2025-03-03T10:00:00Z');
type Markup = {
  inline_keyboard: Array<Array<{ text: string; callback_data?: string; web_app?: { url: string } }>>;
};

/** Runs the engine, letting the manual clock move on, until nothing is queued any more. */
async function runUntilDone(h: Harness, engine: ReturnType<Harness['engine']>) {
  for (let i = 0; i < 50; i++) {
    await engine.runOnce();
    if ((await deliveryCounts(h.db)).queued === 0) return;
    h.clock.advance(1000);
  }
  throw new Error('deliveries still queued after 50 runs');
}

describeOnDatabases('what is sent, and how failures are handled (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => h.close());

  const sendNow = (fields: Parameters<typeof insertNotification>[1] extends infer T ? Partial<T> : never) =>
    insertNotification(h.db, {
      send_now: true,
      created_at: START - 1000,
      created_by: h.creator.botUserId,
      ...fields,
    });
  const buttonOf = (m: { reply_markup?: unknown } | undefined) =>
    (m?.reply_markup as Markup | undefined)?.inline_keyboard[0]?.[0];
  const linkParams = (url: string) => {
    const v = verifyLink(LINK_SECRET, url.slice(PUBLIC_URL.length), Math.floor(h.clock.now() / 1000));
    if (!v.ok) throw new Error(`link not valid: ${v.reason}`);
    return { ...Object.fromEntries(v.params), path: v.path, tg: v.telegramUserId };
  };

  it('reach and adoption start the bot flows; farmer registration opens the signed form', async () => {
    h = await harness(shared, { start: START });
    const en = await h.da(h.tree.kebele);
    const am = await h.da(h.tree.kebele, { language: 'am' });
    await sendNow({ content_type: 'reach', name: 'Reach <week>', message: 'Record who you met & when.' });
    await h.engine().runOnce();
    const m = h.inbox(en)[0];
    expect(m?.text).toBe('📢 Reach <week>\n\nRecord who you met & when.');
    expect(buttonOf(m)).toEqual({ text: 'Record Reach', callback_data: DELIVERY_CALLBACKS.reach });
    expect(buttonOf(h.inbox(am)[0])).toEqual({ text: 'ተደራሽነት መዝግብ', callback_data: 'menu:reach' });

    await sendNow({ content_type: 'adoption' });
    await h.engine().runOnce();
    expect(buttonOf(h.inbox(en)[1])).toEqual({ text: 'Record Adoption', callback_data: 'menu:adoption' });

    await sendNow({ content_type: 'farmer_registration' });
    await h.engine().runOnce();
    const b = buttonOf(h.inbox(am)[2]);
    expect(b?.text).toBe('አርሶ አደር መዝግብ');
    expect(linkParams(b?.web_app?.url as string)).toEqual({
      path: '/farmer_registration',
      tg: am.telegramId,
      exp: expect.any(String),
      da_id: String(am.daId),
      kebele_id: String(h.tree.kebele),
      lang: 'am',
    });
  });

  it('advisory: the latest advisory for the kebele or an area above it, with a signed feedback link', async () => {
    h = await harness(shared, { start: START });
    const inKebele = await h.da(h.tree.kebele);
    const inRegion = await h.da(h.tree.sameRegion, { language: 'am' });
    const inKebeleAm = await h.da(h.tree.kebele, { language: 'am' });
    const add = async (level: 'region' | 'kebele', area: number, label: string | null, days: number) => {
      const r = await h.db.query<{ id: number }>(
        `insert into advisories (label, label_am, template_content, template_content_am, level, ${level}_id, created_at)
         values ($1, $2, $3::jsonb, $4::jsonb, $5, $6, now() + make_interval(days => $7)) returning id`,
        [
          label,
          label && 'የጤፍ ዘር',
          JSON.stringify(['Plant after the first rains.']),
          JSON.stringify(['ከመጀመሪያው ዝናብ በኋላ ዝሩ።']),
          level,
          area,
          days,
        ],
      );
      return Number(r.rows[0]?.id);
    };
    const regional = await add('region', h.tree.region, null, 1);
    const local = await add('kebele', h.tree.kebele, 'Teff sowing', 2);
    await sendNow({ content_type: 'advisory', name: 'This week', message: 'Read and tell us.' });
    await h.engine().runOnce();

    const a = h.inbox(inKebele)[0];
    expect(a?.text).toBe(
      '📢 This week\n\nRead and tell us.\n\nNew advisory: Teff sowing\nPlant after the first rains.',
    );
    const b = buttonOf(a);
    expect(b?.text).toBe('Give feedback');
    expect(linkParams(b?.web_app?.url as string)).toMatchObject({
      path: '/feedback',
      tg: inKebele.telegramId,
      chat_id: String(inKebele.telegramId),
      user_id: String(inKebele.botUserId),
      advisory_id: String(local),
    });
    // In Amharic: the Amharic label and text.
    expect(h.inbox(inKebeleAm)[0]?.text).toBe(
      '📢 This week\n\nRead and tell us.\n\nአዲስ ምክር፦ የጤፍ ዘር\nከመጀመሪያው ዝናብ በኋላ ዝሩ።',
    );
    // No kebele advisory there: the region's, unlabelled, so untitled (its text follows).
    const r = h.inbox(inRegion)[0];
    expect(r?.text).toBe('📢 This week\n\nRead and tell us.\n\nአዲስ ምክር\nከመጀመሪያው ዝናብ በኋላ ዝሩ።');
    expect(linkParams(buttonOf(r)?.web_app?.url as string)).toMatchObject({ advisory_id: String(regional) });
  });

  it('429: retry_after is honoured by every send, nothing is lost or doubled', async () => {
    // Telegram's limits shrunk so the engine (told it may send 1000/s) runs into them.
    h = await harness(shared, {
      start: START,
      rate: { globalPerSecond: 2, globalBurst: 2, perChatPerSecond: 1, perChatBurst: 1 },
    });
    const das = await Promise.all(Array.from({ length: 6 }, () => h.da(h.tree.kebele)));
    // Starts and refusals in the order they happened, so "after the engine learnt of a 429" is exact.
    const log: Array<{ kind: 'start' | '429'; at: number; retryAfter?: number }> = [];
    const inner = new Api(h.tg.token, { apiRoot: h.tg.apiRoot });
    const api: SendApi = {
      async sendMessage(chatId, text, other) {
        log.push({ kind: 'start', at: h.clock.now() });
        try {
          return await inner.sendMessage(chatId, text, other);
        } catch (e) {
          if (e instanceof GrammyError && e.error_code === 429)
            log.push({ kind: '429', at: h.clock.now(), retryAfter: e.parameters.retry_after as number });
          throw e;
        }
      },
    };
    await sendNow({});
    await runUntilDone(h, h.engine({}, { api }));
    for (const da of das) expect(h.inbox(da)).toHaveLength(1);
    const refusals = log.flatMap((e, i) => (e.kind === '429' ? [i] : []));
    expect(refusals.length).toBeGreaterThan(0);
    for (const i of refusals) {
      const r = log[i] as { at: number; retryAfter: number };
      for (const later of log.slice(i + 1).filter((e) => e.kind === 'start'))
        expect(later.at - r.at).toBeGreaterThanOrEqual(r.retryAfter * 1000);
    }
    expect(await deliveryCounts(h.db)).toEqual({ queued: 0, sent: 6, failed: 0 });
  });

  it('403: the blocked user is marked, their deliveries fail with the reason, the rest go out', async () => {
    h = await harness(shared, { start: START });
    const ok = await h.da(h.tree.kebele);
    const gone = await h.da(h.tree.kebele);
    h.tg.user(gone.telegramId).block();
    const first = await sendNow({ name: 'One' });
    const second = await sendNow({ name: 'Two' });
    const run = await h.engine().runOnce();
    expect(run).toMatchObject({ sent: 2, blocked: 1 });
    expect(h.inbox(ok)).toHaveLength(2);
    const rows = await h.db.query<{ notification_id: number; last_error: string }>(
      `select notification_id, last_error from notification_deliveries where status = 'failed' order by notification_id`,
    );
    expect(rows.rows).toEqual([
      { notification_id: first, last_error: 'blocked: 403 Forbidden: bot was blocked by the user' },
      { notification_id: second, last_error: 'cancelled: recipient blocked the bot' },
    ]);
    const user = await h.db.query<{ blocked: boolean }>(
      'select blocked_at is not null as blocked from bot_users where id = $1',
      [gone.botUserId],
    );
    expect(user.rows[0]?.blocked).toBe(true);
    // Not planned for again until the bot hears from them.
    await sendNow({ name: 'Three' });
    expect(await h.engine().runOnce()).toMatchObject({ queued: 1, sent: 1 });
  });

  it('network errors are retried with backoff, then failed after the last attempt', async () => {
    h = await harness(shared, { start: START });
    const flaky = await h.da(h.tree.kebele);
    const dead = await h.da(h.tree.kebele);
    const inner = new Api(h.tg.token, { apiRoot: h.tg.apiRoot });
    const tries = new Map<number, number[]>();
    const api: SendApi = {
      async sendMessage(chatId, text, other) {
        tries.set(chatId, [...(tries.get(chatId) ?? []), h.clock.now()]);
        const n = tries.get(chatId)?.length ?? 0;
        if (chatId === dead.telegramId || n <= 2)
          throw new HttpError('Network request failed', new Error('ECONNRESET'));
        return inner.sendMessage(chatId, text, other);
      },
    };
    await sendNow({});
    await runUntilDone(h, h.engine({ maxAttempts: 4, backoffMs: 5_000 }, { api }));
    expect(h.inbox(flaky)).toHaveLength(1);
    const gaps = (t: number[]) => t.slice(1).map((x, i) => x - (t[i] as number));
    const flakyGaps = gaps(tries.get(flaky.telegramId) ?? []);
    expect(flakyGaps[0]).toBeGreaterThanOrEqual(5_000);
    expect(flakyGaps[1]).toBeGreaterThanOrEqual(10_000);
    expect(tries.get(dead.telegramId)).toHaveLength(4);
    const failed = await h.db.query<{ attempts: number; last_error: string }>(
      `select attempts, last_error from notification_deliveries where status = 'failed'`,
    );
    expect(failed.rows).toEqual([{ attempts: 4, last_error: expect.stringMatching(/^network: /) }]);
  });
});
