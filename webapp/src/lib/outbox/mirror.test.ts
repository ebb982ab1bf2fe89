import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshOutbox } from '../../test-kit/outbox';
import { outsideTelegram, setLaunchForTests } from '../launch/launch';
import { type DeviceKeyValue, outboxWiring } from './load';
import { createMirror, MIRROR_KEY, mirrored } from './mirror';
import type { OutboxRecord } from './record';

/**
 * The outbox's mirror in Telegram's DeviceStorage (a Map stands in for the client): written after
 * every change, read back only into a store the open created (IndexedDB cleared).
 */

class FakeDeviceStorage implements DeviceKeyValue {
  values = new Map<string, string>();
  writes = 0;
  failing = false;
  async get(key: string) {
    if (this.failing) throw new Error('timeout');
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string | null) {
    if (this.failing) throw new Error('QUOTA_EXCEEDED');
    this.writes++;
    if (value === null) this.values.delete(key);
    else this.values.set(key, value);
  }
  kept = () => JSON.parse(this.values.get(MIRROR_KEY) ?? '[]') as OutboxRecord[];
}

const record = (key: string, extra: Partial<OutboxRecord> = {}): OutboxRecord => ({
  key,
  seq: key.charCodeAt(0),
  route: 'createFarmer',
  input: { body: { farmer_name: key } },
  capturedAt: '2026-05-01T08:00:00.000Z',
  batch: key,
  state: 'pending',
  ...extra,
});

describe('what the mirror keeps', () => {
  it('keeps waiting, refused and untold records, and a told one only while a kept record names it', () => {
    const told = { state: 'saved' as const, reported: true, savedAt: 1 };
    const records = [
      record('a'),
      record('b', { state: 'refused', refusal: { status: 400, reason: 'no' } }),
      record('c', told),
      record('d', told),
      record('e', { input: { body: { outbound_development_group: { $outbox: 'd', field: 'id' } } } }),
    ];
    expect(mirrored(records).map((r) => r.key)).toEqual(['a', 'b', 'd', 'e']);
  });

  it('writes the latest state once a write is done, and lives on when the client refuses', async () => {
    const storage = new FakeDeviceStorage();
    const mirror = createMirror(storage);
    const first = mirror.write([record('a')]);
    void mirror.write([record('a'), record('b')]);
    await first;
    await mirror.write([record('a'), record('b')]);
    expect(storage.kept().map((r) => r.key)).toEqual(['a', 'b']);
    expect(storage.writes).toBeLessThanOrEqual(2);
    storage.failing = true;
    await expect(mirror.write([record('c')])).resolves.toBeUndefined();
    storage.failing = false;
    await mirror.write([]);
    expect(storage.values.has(MIRROR_KEY)).toBe(false);
  });
});

describe('the outbox with a DeviceStorage mirror', () => {
  let storage: FakeDeviceStorage;
  beforeEach(async () => {
    await freshOutbox();
    storage = new FakeDeviceStorage();
    outboxWiring.deviceStorage = async () => storage;
    setLaunchForTests({ ...outsideTelegram, userId: 501 });
  });
  afterEach(() => {
    outboxWiring.deviceStorage = undefined;
    setLaunchForTests(undefined);
  });

  const reopen = async () => {
    const live = await import('./live');
    live.resetOutboxForTests();
    return live.outbox();
  };

  it('brings the kept records back after the WebView storage was cleared, and sends them once', async () => {
    const box = await reopen();
    await box?.keep({
      key: 'k1',
      route: 'createFarmer',
      input: { body: { farmer_name: 'Almaz' } },
      user: '501',
    });
    await box?.keep({
      key: 'k2',
      route: 'createFarmer',
      input: { body: { farmer_name: 'Chala' } },
      user: '501',
    });
    await expect.poll(() => storage.kept().map((r) => r.key)).toEqual(['k1', 'k2']);

    await freshOutbox(); // the storage cleared: a new, empty IndexedDB
    const restored = await reopen();
    expect((await restored?.list())?.map((r) => [r.key, r.state, r.input])).toEqual([
      ['k1', 'pending', { body: { farmer_name: 'Almaz' } }],
      ['k2', 'pending', { body: { farmer_name: 'Chala' } }],
    ]);
  });

  it('trusts IndexedDB over a mirror a step behind: a record gone stays gone', async () => {
    const box = await reopen();
    await box?.keep({ key: 'k1', route: 'createFarmer', input: {}, user: '501' });
    await expect.poll(() => storage.kept().length).toBe(1);
    await box?.drop('k1');
    // The app closed before the mirror heard that k1 was dropped (k2: a record never in this store).
    storage.values.set(MIRROR_KEY, JSON.stringify([record('k1'), record('k2')]));

    const reopened = await reopen();
    expect(await reopened?.list()).toEqual([]);
    await expect.poll(() => storage.values.has(MIRROR_KEY)).toBe(false);
  });

  it('works without the mirror when the client does not answer', async () => {
    storage.failing = true;
    const box = await reopen();
    await box?.keep({ key: 'k1', route: 'createFarmer', input: {}, user: '501' });
    expect((await box?.list())?.map((r) => r.key)).toEqual(['k1']);
  });
});
