import { describe, expect, it } from 'vitest';
import { keptEntities } from './kept';
import { KEEP_SAVED_MS, refTo } from './record';
import { FakeServer, http, newDb, open } from './test-kit';

/**
 * Records that name others (a farmer into a group kept offline, reach pairs for a farmer kept
 * offline), saved records staying a while for them, and batches kept open ("Register another").
 */

const group = (kebele = 9) => ({
  key: 'g',
  route: 'createDevelopmentGroup',
  input: { body: { group_name: 'Lemlem', group_type: 'mixed', kebele, created_by: 5 } },
});
const farmer = (key: string, into: unknown, extra: Record<string, unknown> = {}) => ({
  key,
  route: 'createFarmer',
  input: {
    body: {
      farmer_name: key,
      father_name: 'F',
      grand_father_name: 'G',
      kebele: 9,
      ...extra,
      outbound_development_group: into,
    },
  },
});

describe('records that name another record', () => {
  it('a press for a farmer into a group still waiting sends nothing, then sync sends both in order', async () => {
    const server = new FakeServer();
    server.online = false;
    const box = await open(newDb(), server);
    await box.keep(group());
    await box.keep(farmer('f', refTo('g')));
    const live = await box.sendLive('f', () => server.send({ key: 'f' } as never));
    expect(live.queued).toBe(true);
    expect(server.sent).toEqual([]);

    server.online = true;
    await box.sync();
    expect(server.sent.map((s) => s.key)).toEqual(['g', 'f']);
    expect(server.rows.get('f')?.input).toMatchObject({ body: { outbound_development_group: 100 } });
  });

  it('a press with signal sends the group first, then the farmer with its id', async () => {
    const server = new FakeServer();
    const box = await open(newDb(), server);
    await box.keep(group());
    await box.keep(farmer('f', refTo('g')));
    const inputs: unknown[] = [];
    const live = await box.sendLive('f', (input) => {
      inputs.push(input);
      return server.send({ key: 'f', route: 'createFarmer', input } as never);
    });
    expect(live.queued).toBe(false);
    expect(inputs).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ outbound_development_group: 100 }) }),
    ]);
    expect(server.sent.map((s) => s.key)).toEqual(['g', 'f']);
  });

  it('a saved group stays a while: a farmer kept later still gets its id; past the time it goes', async () => {
    const server = new FakeServer();
    let now = new Date('2026-05-01T08:00:00Z');
    const box = await open(newDb(), server, { now: () => now });
    await box.keep(group());
    await box.sync();
    expect(await box.list()).toEqual([]); // told and saved: out of sight
    await box.keep(farmer('f', refTo('g')));
    await box.sync();
    expect(server.rows.get('f')?.input).toMatchObject({ body: { outbound_development_group: 100 } });

    now = new Date(now.getTime() + KEEP_SAVED_MS + 1);
    await box.sync();
    expect(await box.get('g')).toBeUndefined();
  });

  it('reach pairs naming a farmer kept offline wait for it; its refusal refuses them', async () => {
    const server = new FakeServer();
    server.online = false;
    server.refuse.set('f2', http(400, { detail: 'Phone number already registered.' }));
    const box = await open(newDb(), server);
    await box.keep(farmer('f1', 11));
    await box.keep(farmer('f2', 11));
    const pairs = (key: string, of: string) => ({
      key,
      route: 'createReachBatch',
      input: {
        body: {
          user: 5,
          records: [
            { farmer: refTo(of), advisory: 3 },
            { farmer: refTo(of), advisory: 4 },
          ],
        },
      },
      batch: 'reach',
    });
    await box.keep(pairs('p1', 'f1'));
    await box.keep(pairs('p2', 'f2'));
    server.online = true;
    await box.sync();
    expect(server.rows.get('p1')?.input).toEqual({
      body: {
        user: 5,
        records: [
          { farmer: 100, advisory: 3 },
          { farmer: 100, advisory: 4 },
        ],
      },
    });
    expect(server.sent.map((s) => s.key)).toEqual(['f1', 'f2', 'p1']);
    const p2 = await box.get('p2');
    expect([p2?.state, p2?.refusal?.reason]).toEqual(['refused', 'its group was refused']);
  });

  it('lists the groups and farmers kept offline, by id once saved, and who was reached', async () => {
    const server = new FakeServer();
    server.online = false;
    server.extra.set('f0', { development_group: 300 });
    const box = await open(newDb(), server);
    await box.keep(group());
    await box.keep(farmer('f1', refTo('g')));
    await box.keep({
      key: 'f0',
      route: 'createFarmer',
      input: {
        body: {
          farmer_name: 'Almaz',
          kebele: 9,
          development_group: { group_name: 'Birhan', group_type: 'mixed' },
        },
      },
    });
    await box.keep(farmer('f2', refTo('f0', 'development_group')));
    await box.keep({
      key: 'r',
      route: 'createReachBatch',
      input: { body: { records: [{ farmer: refTo('f1'), advisory: 3 }] } },
    });
    const before = keptEntities(await box.list());
    expect(before.groups.map((g) => [g.name, g.id, g.waiting])).toEqual([
      ['Lemlem', undefined, true],
      ['Birhan', undefined, true],
    ]);
    expect(before.farmers.map((f) => [f.key, f.group, f.reached])).toEqual([
      ['f1', '@g', true],
      ['f0', '@f0', false],
      ['f2', '@f0', false],
    ]);

    server.online = true;
    await box.sync();
    // Saved and told: the lists still have them (the data cache may not yet), by their ids.
    const all = await Promise.all(['g', 'f1', 'f0', 'f2', 'r'].map((k) => box.get(k)));
    const after = keptEntities(all.filter((r) => r !== undefined));
    expect(after.groups.map((g) => [g.name, g.id, g.waiting])).toEqual([
      ['Lemlem', 100, false],
      ['Birhan', 300, false],
    ]);
    expect(after.farmers.map((f) => [f.name, f.id, f.group, f.reached])).toEqual([
      ['f1 F G', 101, 100, true],
      ['Almaz', 102, 300, false],
      ['f2 F G', 103, 300, false],
    ]);
  });
});

describe('a batch kept open (Register another)', () => {
  it('is not summed up before it is closed; then once, with the farmers saved live', async () => {
    const server = new FakeServer();
    const told: string[][] = [];
    const box = await open(newDb(), server, {
      summarize: async (records) => {
        told.push(records.map((r) => `${r.key}:${r.state}`));
        return true;
      },
    });
    await box.keep({ ...farmer('a', 11), batch: 'b', open: true });
    await box.sendLive('a', (input) => server.send({ key: 'a', route: 'createFarmer', input } as never));
    server.online = false;
    await box.keep({ ...farmer('c', 11), batch: 'b', open: true });
    await box.sendLive('c', () => server.send({ key: 'c' } as never));
    server.online = true;
    await box.sync();
    expect(told).toEqual([]);
    await box.closeBatch('b');
    await box.sync();
    expect(told).toEqual([['a:saved', 'c:saved']]);
    await box.sync();
    expect(told).toHaveLength(1);
  });

  it('is not summed up when its screen told the chat itself', async () => {
    const server = new FakeServer();
    const told: unknown[] = [];
    const box = await open(newDb(), server, { summarize: async (r) => told.push(r) > 0 });
    await box.keep({ ...farmer('a', 11), batch: 'b', open: true });
    await box.sendLive('a', (input) => server.send({ key: 'a', route: 'createFarmer', input } as never));
    await box.told('b');
    await box.sync();
    expect(told).toEqual([]);
    expect(await box.list()).toEqual([]);
  });
});
