import { GrammyError } from 'grammy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DbKind, openTestDb, type TestDb } from '../../../../test/backend/test-kit/databases';
import { postgresSkipReason } from '../../../../test/backend/test-kit/postgres';
import { fakeApi, initData, testApp } from '../../../../test/test-kit';
import { type DeliveredKeys, dbDeliveredKeys, memoryDeliveredKeys, PENDING_STALE_MS } from './delivered-keys';

const result = { kind: 'group_added', group_id: 4, group_name: 'Lemlem' };
const apps: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

let userId = 9100;
/** The companion app with `keys`; `post` hands back as one fresh user, with or without a key. */
async function keyedApp(keys: DeliveredKeys, api?: ReturnType<typeof fakeApi>['api']) {
  const { app, sent } = await testApp({}, {}, { deliveredKeys: keys, ...(api ? { api } : {}) });
  apps.push(app);
  const user = ++userId;
  const post = (key: string | undefined, body: unknown = { result }) =>
    app.inject({
      method: 'POST',
      url: '/tg/result',
      headers: { authorization: `tma ${initData({ id: user })}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body as object,
    });
  return { post, sent };
}

type OpenStore = () => Promise<{ keys: DeliveredKeys; dispose(): Promise<void> }>;
const memoryStore: OpenStore = async () => ({ keys: memoryDeliveredKeys(), dispose: async () => {} });
const dbStore =
  (kind: DbKind): OpenStore =>
  async () => {
    const t: TestDb = await openTestDb(kind);
    return { keys: dbDeliveredKeys(async () => t.db), dispose: () => t.dispose() };
  };

function keyedSuite(_name: string, open: OpenStore) {
  let store: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.dispose();
  });

  it('a repeated press after a lost answer gets the first answer again, and the chat one summary', async () => {
    const { post, sent } = await keyedApp(store.keys);
    const first = await post('k-1');
    expect(first.statusCode).toBe(200);
    const again = await post('k-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(sent).toHaveLength(1);
    // Another key is another result: delivered.
    expect((await post('k-2')).statusCode).toBe(200);
    expect(sent).toHaveLength(2);
  });

  it('the same key for a different result is 422 and sends nothing', async () => {
    const { post, sent } = await keyedApp(store.keys);
    await post('k-3');
    const other = await post('k-3', { result: { ...result, group_name: 'Other' } });
    expect(other.statusCode).toBe(422);
    expect(other.json().detail).toMatch(/different result/);
    expect(sent).toHaveLength(1);
  });

  it('a delivery Telegram refused frees the key: the next press sends', async () => {
    const real = fakeApi();
    let refuse = true;
    const api = {
      ...real.api,
      async sendMessage(...args: Parameters<typeof real.api.sendMessage>) {
        if (refuse)
          throw new GrammyError(
            'Call to sendMessage failed',
            { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
            'sendMessage',
            {},
          );
        return real.api.sendMessage(...args);
      },
    } as typeof real.api;
    const { post } = await keyedApp(store.keys, api);
    expect((await post('k-4')).statusCode).toBe(502);
    refuse = false;
    expect((await post('k-4')).statusCode).toBe(200);
    expect(real.sent).toHaveLength(1);
  });

  it('a malformed key is 400 and sends nothing', async () => {
    const { post, sent } = await keyedApp(store.keys);
    const res = await post('é'.repeat(3));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/Idempotency-Key/);
    expect(sent).toHaveLength(0);
  });

  it('a key being delivered is busy (409) until settled; keys are per user', async () => {
    const key = `k-busy-${_name}`;
    const first = await store.keys.claim('tg:1', key, 'h');
    expect(first).toMatchObject({ state: 'run' });
    expect(await store.keys.claim('tg:1', key, 'h')).toEqual({ state: 'busy' });
    expect(await store.keys.claim('tg:2', key, 'h')).toMatchObject({ state: 'run' });
    if (first.state !== 'run') throw new Error('unreachable');
    await store.keys.settle('tg:1', key, first.token, { delivered: 'chat_message' });
    expect(await store.keys.claim('tg:1', key, 'h')).toEqual({
      state: 'replay',
      answer: { delivered: 'chat_message' },
    });
  });
}

describe.each<[string, OpenStore]>([
  ['memory', memoryStore],
  ['pglite', dbStore('pglite')],
])('POST /tg/result with an Idempotency-Key (%s)', keyedSuite);
// Skipped, not dropped, without PostgreSQL (counted as skipped).
describe.skipIf(postgresSkipReason).each<[string, OpenStore]>([['postgres', dbStore('postgres')]])(
  'POST /tg/result with an Idempotency-Key (%s)',
  keyedSuite,
);

describe('memoryDeliveredKeys', () => {
  it('a pending key left by a send that never finished is taken over once stale', async () => {
    let now = 1_000_000;
    const keys = memoryDeliveredKeys(() => now);
    expect((await keys.claim('tg:1', 'k', 'h')).state).toBe('run');
    now += PENDING_STALE_MS - 1;
    expect((await keys.claim('tg:1', 'k', 'h')).state).toBe('busy');
    now += 2;
    expect((await keys.claim('tg:1', 'k', 'h')).state).toBe('run');
  });

  it('a send that outlived its claim neither frees nor fills the claim that took over', async () => {
    let now = 1_000_000;
    const keys = memoryDeliveredKeys(() => now);
    const old = await keys.claim('tg:1', 'k', 'h');
    now += PENDING_STALE_MS + 1;
    const taken = await keys.claim('tg:1', 'k', 'h');
    if (old.state !== 'run' || taken.state !== 'run') throw new Error('both claims should run');
    await keys.release('tg:1', 'k', old.token);
    expect((await keys.claim('tg:1', 'k', 'h')).state).toBe('busy');
    await keys.settle('tg:1', 'k', old.token, { delivered: 'chat_message' });
    expect((await keys.claim('tg:1', 'k', 'h')).state).toBe('busy');
    await keys.settle('tg:1', 'k', taken.token, { delivered: 'answer_web_app_query' });
    expect(await keys.claim('tg:1', 'k', 'h')).toEqual({
      state: 'replay',
      answer: { delivered: 'answer_web_app_query' },
    });
  });

  it('a send goes out without a key when the key store is unreachable', async () => {
    const broken: DeliveredKeys = {
      claim: async () => {
        throw new Error('database unreachable');
      },
      settle: async () => {},
      release: async () => {},
    };
    const { post, sent } = await keyedApp(broken);
    expect((await post('k-down')).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });
});
