import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMirror } from './mirror';
import { ownedBy, ownerOf, proofUser } from './owner';
import type { OutboxRecord } from './record';
import { openRecordStore } from './store';
import { FakeServer, newDb, open } from './test-kit';

/**
 * A phone shared by two Telegram accounts (README.md "Whose records"): one IndexedDB holds both
 * users' records, and no operation of user B's launch reads, sends, shows, sums up, mirrors or
 * changes a record of user A's, nor one that is nobody's.
 */

const A = '501';
const B = '502';
const initData = (id: string) =>
  `tma query_id=q&user=${encodeURIComponent(JSON.stringify({ id: Number(id) }))}&hash=h`;
const link = (id: string) => `link /farmer_registration?kebele_id=9&tg=${id}&exp=1&sig=s`;

describe('whose record it is', () => {
  it('is the user the stored proof names, initData’s or the signed link’s, else the one who kept it', () => {
    expect(proofUser(initData(A))).toBe(A);
    expect(proofUser(link(B))).toBe(B);
    expect(proofUser('tma user=%7Bnot%20json&hash=h')).toBeUndefined();
    expect(proofUser('link /farmer_registration?kebele_id=9&sig=s')).toBeUndefined();
    expect(proofUser('Bearer service')).toBeUndefined();
    expect(proofUser(undefined)).toBeUndefined();
    const record = { key: 'k', user: B } as OutboxRecord;
    expect(ownerOf(record)).toBe(B);
    // Kept before `user` existed: the proof says; the proof wins (the server holds it to that user).
    expect(ownerOf({ ...record, user: undefined, authorization: link(A) })).toBe(A);
    expect(ownerOf({ ...record, authorization: initData(A) })).toBe(A);
    expect(ownerOf({ ...record, user: undefined })).toBeUndefined();
  });
});

type Owner = typeof A | typeof B | 'nobody';
interface Spec {
  owner: Owner;
  /** How the record says whose it is: `user` alone (the proof kept none), its proof alone (kept before `user`), both. */
  naming: 'user' | 'initData' | 'link' | 'both';
  route: 'createFarmer' | 'createDevelopmentGroup' | 'createReachBatch' | 'updateDa';
  state: OutboxRecord['state'];
  reported: boolean;
  batch: 'b1' | 'b2' | 'b3';
}

const spec: fc.Arbitrary<Spec> = fc.record({
  owner: fc.constantFrom<Owner>(A, B, 'nobody'),
  naming: fc.constantFrom('user', 'initData', 'link', 'both'),
  route: fc.constantFrom('createFarmer', 'createDevelopmentGroup', 'createReachBatch', 'updateDa'),
  state: fc.constantFrom<OutboxRecord['state']>('pending', 'saved', 'refused'),
  reported: fc.boolean(),
  batch: fc.constantFrom('b1', 'b2', 'b3'),
});

function recordOf(s: Spec, i: number): OutboxRecord {
  const proof =
    s.owner === 'nobody' || s.naming === 'user'
      ? undefined
      : s.naming === 'link'
        ? link(s.owner)
        : initData(s.owner);
  const user = s.owner !== 'nobody' && (s.naming === 'user' || s.naming === 'both') ? s.owner : undefined;
  return {
    key: `${s.owner}-${i}`,
    seq: i,
    route: s.route,
    input: { body: { farmer_name: `Farmer ${i}` } },
    ...(proof ? { authorization: proof } : {}),
    capturedAt: new Date(Date.now() - 3600_000).toISOString(),
    batch: s.batch,
    state: s.state,
    ...(s.state === 'refused'
      ? { refusal: { status: 403, reason: `Farmer ${i} is outside your area.` } }
      : {}),
    ...(s.state === 'saved' ? { saved: { id: i + 1 }, savedAt: Date.now() } : {}),
    ...(s.reported ? { reported: true } : {}),
    ...(user ? { user } : {}),
  };
}

describe('a phone shared by two Telegram users', () => {
  it('no operation of B’s launch reads, sends, shows, sums up or changes a record of A’s or nobody’s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(spec, { minLength: 1, maxLength: 12 }), async (specs) => {
        const name = newDb();
        const raw = await openRecordStore(name);
        const records = specs.map(recordOf);
        for (const r of records) await raw.put(r);
        const others = records.filter((r) => !r.key.startsWith(`${B}-`));
        const hers = records.filter((r) => r.key.startsWith(`${B}-`));

        const server = new FakeServer();
        const summed: OutboxRecord[] = [];
        const shown: OutboxRecord[] = [];
        const box = await open(
          name,
          server,
          {
            summarize: async (rs) => summed.push(...rs) > -1,
            onChange: (rs) => shown.push(...rs),
          },
          B,
        );
        const read = [...(await box.list())];
        for (const r of records) {
          const got = await box.get(r.key);
          if (got) read.push(got);
        }
        for (const batch of ['b1', 'b2', 'b3']) {
          await box.waitingIn(batch);
          await box.closeBatch(batch);
          await box.told(batch);
        }
        await box.sync();
        for (const r of others) await box.drop(r.key);
        await box.keep({ key: `${B}-new`, route: 'createFarmer', input: {}, user: B });
        await box.sync();

        const theirs = new Set(others.map((r) => r.key));
        for (const seen of [read, summed, shown, server.sent])
          expect(seen.filter((r) => theirs.has(r.key))).toEqual([]);
        // Untouched: A's and nobody's records are as they were.
        for (const r of others) expect(await raw.get(r.key)).toEqual(r);
        // And B's own were acted on: each one waiting was sent.
        const sent = new Set(server.sent.map((s) => s.key));
        for (const r of hers.filter((x) => x.state === 'pending')) expect(sent.has(r.key)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a mirror holding another account’s records brings back only the user’s own', async () => {
    const values = new Map<string, string>();
    const mirror = createMirror({
      get: async (k) => values.get(k) ?? null,
      set: async (k, v) => {
        if (v === null) values.delete(k);
        else values.set(k, v);
      },
    });
    // Written by a build before the rule, from a store holding both users' records.
    const specs: Spec[] = [A, B, 'nobody', B].map((owner) => ({
      owner: owner as Owner,
      naming: 'both',
      route: 'createFarmer',
      state: 'pending',
      reported: false,
      batch: 'b1',
    }));
    await mirror.write(specs.map(recordOf));
    const raw = await openRecordStore(newDb());
    expect(await mirror.restore(ownedBy(raw, B))).toBe(2);
    expect((await raw.all()).map((r) => r.key)).toEqual([`${B}-1`, `${B}-3`]);
  });
});
