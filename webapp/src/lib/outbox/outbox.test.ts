import type { ApiResult } from '@gebere/api-client';
import { describe, expect, it } from 'vitest';
import type { OutboxRecord } from './record';
import { refTo } from './record';
import { FakeServer, http, newDb, open } from './test-kit';

describe('the outbox', () => {
  it('keeps a record through a reload and sends it once when the signal returns', async () => {
    const name = newDb();
    const server = new FakeServer();
    server.online = false;
    const first = await open(name, server);
    await first.keep({
      key: 'k1',
      route: 'createFarmer',
      input: { body: { n: 1 } },
      authorization: 'tma old',
    });
    const live = await first.sendLive('k1', () => server.send({ key: 'k1' } as OutboxRecord));
    expect(live.queued).toBe(true);
    expect(await first.sync()).toBe('offline');

    server.online = true;
    const reopened = await open(name, server);
    expect((await reopened.list()).map((r) => r.key)).toEqual(['k1']);
    expect(await reopened.sync()).toBe('done');
    expect(await reopened.sync()).toBe('done');
    expect(server.rows.size).toBe(1);
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]).toMatchObject({ key: 'k1', route: 'createFarmer', authorization: 'tma old' });
    expect(await reopened.list()).toEqual([]);
  });

  it('sends in capture order, and one pass at a time', async () => {
    const server = new FakeServer();
    const outbox = await open(newDb(), server);
    for (const key of ['a', 'b', 'c']) await outbox.keep({ key, route: 'createReach', input: {} });
    await Promise.all([outbox.sync(), outbox.sync(), outbox.sync()]);
    expect(server.sent.map((s) => s.key)).toEqual(['a', 'b', 'c']);
  });

  it('sends a record kept while a slow pass ran in that same pass, not at the next open', async () => {
    // A pass whose first send hangs on a poor link, and a reach record for the farmer kept offline
    // kept meanwhile: when the link answers, the pass goes round again for it.
    const server = new FakeServer();
    let answer: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const outbox = await open(newDb(), server, {
      send: async (r) => {
        if (r.key === 'farmer') await slow;
        return server.send(r);
      },
    });
    await outbox.keep({ key: 'farmer', route: 'createFarmer', input: { body: { farmer_name: 'A' } } });
    const pass = outbox.sync();
    await outbox.keep({
      key: 'reach',
      route: 'createReachBatch',
      input: { body: { records: [{ farmer: refTo('farmer'), advisory: 4 }] } },
    });
    answer();
    expect(await pass).toBe('done');
    expect(server.sent.map((s) => s.key)).toEqual(['farmer', 'reach']);
    expect(server.rows.get('reach')?.input).toEqual({
      body: { records: [{ farmer: server.rows.get('farmer')?.id, advisory: 4 }] },
    });
  });

  it('lets a farmer wait for the group created offline, then sends it with the saved id', async () => {
    const server = new FakeServer();
    server.online = false;
    const outbox = await open(newDb(), server);
    await outbox.keep({ key: 'group', route: 'createDevelopmentGroup', input: { body: { name: 'G' } } });
    await outbox.keep({
      key: 'farmer',
      route: 'createFarmer',
      input: { body: { farmer_name: 'A', development_group: refTo('group') } },
    });
    expect(await outbox.sync()).toBe('offline');
    server.online = true;
    expect(await outbox.sync()).toBe('done');
    const groupId = server.rows.get('group')?.id;
    expect(server.rows.get('farmer')?.input).toEqual({
      body: { farmer_name: 'A', development_group: groupId },
    });
  });

  it('keeps a refused record with the reason until the DA drops it, and its dependants with it', async () => {
    const server = new FakeServer();
    server.refuse.set('group', http(403, { detail: 'This is outside your area.' }));
    const outbox = await open(newDb(), server);
    await outbox.keep({ key: 'group', route: 'createDevelopmentGroup', input: {} });
    await outbox.keep({ key: 'farmer', route: 'createFarmer', input: { body: { g: refTo('group') } } });
    await outbox.sync();
    await outbox.sync();
    const kept = await outbox.list();
    expect(kept.map((r) => [r.key, r.state, r.refusal?.reason])).toEqual([
      ['group', 'refused', 'This is outside your area.'],
      ['farmer', 'refused', 'its group was refused'],
    ]);
    expect(server.sent.map((s) => s.key)).toEqual(['group']);
    await outbox.drop('group');
    expect((await outbox.list()).map((r) => r.key)).toEqual(['farmer']);
  });

  it('keeps a late record refused with Late-Sync-Refused as a refusal of its own', async () => {
    const server = new FakeServer();
    server.refuse.set(
      'old',
      http(401, { lateSyncRefused: 'expired', detail: 'captured more than 7 days ago' }),
    );
    const outbox = await open(newDb(), server);
    await outbox.keep({ key: 'old', route: 'createFarmer', input: {} });
    expect(await outbox.sync()).toBe('done');
    const [record] = await outbox.list();
    expect(record?.state).toBe('refused');
    expect(record?.refusal).toEqual({
      status: 401,
      reason: 'captured more than 7 days ago',
      lateSync: 'expired',
    });
  });

  it('keeps a record pending when the open launch is unauthorized for a live-proof route', async () => {
    const server = new FakeServer();
    server.refuse.set('da', http(401));
    const outbox = await open(newDb(), server, { isLate: (route) => route !== 'updateDa' });
    await outbox.keep({ key: 'da', route: 'updateDa', input: {} });
    expect(await outbox.sync()).toBe('unauthorized');
    expect((await outbox.list())[0]?.state).toBe('pending');
  });

  it('forgets a record the screen saw answered, and leaves a live send to the screen', async () => {
    const server = new FakeServer();
    const outbox = await open(newDb(), server);
    await outbox.keep({ key: 'k', route: 'createFarmer', input: {} });
    let release: (r: ApiResult<unknown>) => void = () => undefined;
    const live = outbox.sendLive(
      'k',
      () => new Promise<ApiResult<unknown>>((resolve) => (release = resolve)),
    );
    await outbox.sync(); // the press is still waiting for its answer: not sent twice
    expect(server.sent).toEqual([]);
    release({ ok: true, status: 201, data: { id: 1 } });
    expect((await live).queued).toBe(false);
    expect(await outbox.list()).toEqual([]);
  });

  it('tells the chat once per settled batch, and again next time if it did not go', async () => {
    const server = new FakeServer();
    server.online = false;
    server.refuse.set('r2', http(400, { detail: 'Phone number already registered.' }));
    const told: string[][] = [];
    let deliver = false;
    const outbox = await open(newDb(), server, {
      summarize: async (records) => {
        if (!deliver) return false;
        told.push(records.map((r) => `${r.key}:${r.state}`));
        return true;
      },
    });
    await outbox.keep({ key: 'r1', route: 'createReach', input: {}, batch: 'b1' });
    await outbox.keep({ key: 'r2', route: 'createReach', input: {}, batch: 'b1' });
    await outbox.keep({ key: 'f1', route: 'createFarmer', input: {}, batch: 'b2' });
    server.online = true;
    // The companion server is not reachable: nothing told, nothing forgotten, and again later.
    expect(await outbox.sync()).toBe('offline');
    expect(told).toEqual([]);
    deliver = true;
    await outbox.sync();
    await outbox.sync();
    expect(told).toEqual([['r1:saved', 'r2:refused'], ['f1:saved']]);
    expect((await outbox.list()).map((r) => [r.key, r.state, r.reported])).toEqual([['r2', 'refused', true]]);
    expect(server.rows.size).toBe(2);
  });
});
