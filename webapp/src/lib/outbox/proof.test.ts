import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshOutbox } from '../../test-kit/outbox';
import { outsideTelegram } from '../launch/launch';
import type { DeviceKeyValue } from './load';
import { MIRROR_KEY } from './mirror';
import { ownedBy } from './owner';
import { KEEP_SAVED_MS, type OutboxRecord, refTo } from './record';
import { OUTBOX_DB, openRecordStore } from './store';
import { FakeServer, http, newDb, open } from './test-kit';

/**
 * A stored proof goes as soon as its record is answered (README.md "A record"): on a shared
 * phone, a proof left in IndexedDB or in DeviceStorage would let the next holder write as the DA
 * who saved the record. What the outbox still needs of an answered record for its week stays.
 */

const DA = '501';
const INIT_DATA = `tma query_id=q&user=${encodeURIComponent(JSON.stringify({ id: 501 }))}&auth_date=1&hash=h`;
const LINK = 'link /add_development_group?da_id=5&kebele_id=9&tg=501&exp=1999999999&sig=c2ln';
const LINK_ORIGIN = '/add_development_group?da_id=5&kebele_id=9&tg=501&exp=1999999999&sig=c2ln&lang=am';

/** Whether any stored text still carries a proof: the header values, or a link's signature. */
const proofIn = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes('tma ') || text.includes('link /') || text.includes('sig=') || text.includes('exp=');
};

const group = { route: 'createDevelopmentGroup', input: { body: { group_name: 'Tesfa' } } };

describe('an answered record keeps no proof', () => {
  it('saved, refused, refused for its dependency: none holds a proof; pending ones keep theirs', async () => {
    const name = newDb();
    const server = new FakeServer();
    server.refuse.set('refused', http(403, { detail: 'This is outside your area.' }));
    const box = await open(name, server, {}, DA);
    await box.keep({ key: 'saved', ...group, authorization: INIT_DATA, origin: LINK_ORIGIN, user: DA });
    await box.keep({ key: 'refused', ...group, authorization: LINK, origin: LINK_ORIGIN });
    await box.keep({
      key: 'orphan',
      route: 'createFarmer',
      input: { body: { outbound_development_group: refTo('refused') } },
      authorization: INIT_DATA,
    });
    expect(await box.sync()).toBe('done');

    const raw = await openRecordStore(name);
    const stored = await raw.all();
    expect(stored.map((r) => [r.key, r.state])).toEqual([
      ['saved', 'saved'],
      ['refused', 'refused'],
      ['orphan', 'refused'],
    ]);
    expect(stored.filter(proofIn)).toEqual([]);
    // Still the DA's (whose it is does not change), with what the week needs.
    expect((await ownedBy(raw, DA).all()).map((r) => r.key)).toEqual(['saved', 'refused', 'orphan']);
    const saved = stored[0] as OutboxRecord;
    expect(saved).toMatchObject({
      user: DA,
      saved: { id: 100 },
      origin: '/add_development_group?da_id=5&kebele_id=9&tg=501&lang=am',
    });
    expect(stored[1]?.refusal).toEqual({ status: 403, reason: 'This is outside your area.' });

    // A farmer kept later into the saved group still takes its id from it, sent with its own proof.
    const later = await open(name, server, {}, DA);
    await later.keep({
      key: 'farmer',
      route: 'createFarmer',
      input: { body: { outbound_development_group: refTo('saved') } },
      authorization: INIT_DATA,
      user: DA,
    });
    server.online = false;
    await later.sync();
    const waiting = await raw.get('farmer');
    expect(waiting?.authorization).toBe(INIT_DATA); // not answered yet: needed for a late send
    server.online = true;
    expect(await later.sync()).toBe('done');
    expect(server.rows.get('farmer')?.input).toEqual({ body: { outbound_development_group: 100 } });
    expect(server.sent.at(-1)?.authorization).toBe(INIT_DATA);
    expect((await raw.all()).filter(proofIn)).toEqual([]);
  });

  it('the screen’s own send (a press with signal) drops it at the answer too', async () => {
    const name = newDb();
    const server = new FakeServer();
    const box = await open(name, server, {}, DA);
    await box.keep({ key: 'k', ...group, authorization: INIT_DATA, user: DA });
    const sent = await box.sendLive('k', () =>
      server.send({ key: 'k', route: group.route, input: {} } as OutboxRecord),
    );
    expect(sent.result.ok).toBe(true);
    expect(await (await openRecordStore(name)).get('k')).toMatchObject({ state: 'saved', user: DA });
    expect(proofIn(await (await openRecordStore(name)).get('k'))).toBe(false);
  });

  it('records an older version left answered with their proof lose it at the next pass', async () => {
    const name = newDb();
    const raw = await openRecordStore(name);
    const old: OutboxRecord = {
      key: 'old',
      seq: 1,
      ...group,
      authorization: INIT_DATA,
      capturedAt: new Date().toISOString(),
      batch: 'old',
      state: 'saved',
      saved: { id: 3 },
      savedAt: Date.now() - KEEP_SAVED_MS / 2,
      reported: true,
    };
    await raw.put(old);
    const box = await open(name, new FakeServer(), {}, DA);
    await box.sync();
    const after = await raw.get('old');
    expect(after).toMatchObject({ key: 'old', user: DA, saved: { id: 3 } });
    expect(proofIn(after)).toBe(false);
  });
});

class FakeDeviceStorage implements DeviceKeyValue {
  values = new Map<string, string>();
  async get(key: string) {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string | null) {
    if (value === null) this.values.delete(key);
    else this.values.set(key, value);
  }
}

describe('the DeviceStorage mirror', () => {
  let storage: FakeDeviceStorage;
  // The app's own modules, as one instance (the tests above reset the module registry).
  let live: typeof import('./live');
  beforeEach(async () => {
    await freshOutbox();
    storage = new FakeDeviceStorage();
    live = await import('./live');
    live.resetOutboxForTests();
    (await import('./load')).outboxWiring.deviceStorage = async () => storage;
    (await import('../launch/launch')).setLaunchForTests({
      ...outsideTelegram,
      inTelegram: true,
      rawInitData: INIT_DATA.slice(4),
      userId: 501,
    });
  });
  afterEach(async () => {
    (await import('./load')).outboxWiring.deviceStorage = undefined;
    (await import('../launch/launch')).setLaunchForTests(undefined);
  });

  it('holds the proof while the record waits, and neither copy holds it once it is answered', async () => {
    // Kept with the launch's proof (a press), as the save protocol does, then sent by the screen.
    const sent = await live.sendThrough(
      { key: 'k', route: 'createFarmer', input: { body: { farmer_name: 'Almaz' } }, open: true },
      async () => {
        // While it waits for the answer, both copies hold the proof (a late send needs it).
        await expect.poll(() => storage.values.get(MIRROR_KEY) ?? '').toContain('tma ');
        return { ok: true, status: 201, data: { id: 9 } };
      },
    );
    expect(sent.result.ok).toBe(true);
    // Saved in an open batch, so still untold and mirrored: without its proof.
    await expect
      .poll(() => JSON.parse(storage.values.get(MIRROR_KEY) ?? '[]').map((r: OutboxRecord) => r.state))
      .toEqual(['saved']);
    expect(proofIn(storage.values.get(MIRROR_KEY))).toBe(false);
    expect((await (await openRecordStore(OUTBOX_DB)).all()).filter(proofIn)).toEqual([]);
  });
});
