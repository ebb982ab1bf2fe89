import { LIMITS } from '@gebere/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';
import type { Da } from './test-kit/fixtures';

describeOnDatabases('reach and adoption records (%s)', (kind) => {
  let t: TestBackend;
  let da: Da;
  let other: Da;
  let farmers: number[];
  beforeAll(async () => {
    t = await startBackend(kind);
    da = await t.fx.da();
    other = await t.fx.da();
    const group = await t.fx.group(da);
    farmers = [
      await t.fx.farmer(da, group, 'A'),
      await t.fx.farmer(da, group, 'B'),
      await t.fx.farmer(da, group, 'C'),
    ];
  });
  afterAll(() => t?.close());

  it('reach: 201 once, then the same record with 200', async () => {
    const body = { advisory: t.fx.advisoryIds[0], farmer: farmers[0], user: da.daId };
    const first = await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body });
    expect(first).toMatchObject({
      status: 201,
      body: { ...body, id: expect.any(Number), created_at: expect.any(String) },
    });
    const again = await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body });
    expect(again).toMatchObject({ status: 200, body: first.body });
    // Another DA recording the same pair is its own record.
    const theirs = await t.call('POST', '/api/reach-farmers/', {
      headers: other.headers,
      body: { ...body, user: other.daId },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
  });

  // The app sends pairs by /batch/ (docs/decisions.md: about 136× faster on 3G); spec §7's one call per
  // pair stays served exactly as the spec has it, for any client that makes it, from the record
  // screens' own signed links too.
  it('spec §7 per pair: POST /api/reach-farmers/ and /api/adoption/ with exactly its fields, 201', async () => {
    const group = await t.fx.group(da);
    const farmer = await t.fx.farmer(da, group, 'Spec');
    const link = (path: string) =>
      proof.link(da.telegramId, path, { user_id: da.daId, selectedids: String(group) });
    const reach = { advisory: t.fx.advisoryIds[2], farmer, user: da.daId };
    const reached = await t.call('POST', '/api/reach-farmers/', {
      headers: link('/record_reach'),
      body: reach,
    });
    expect(reached).toMatchObject({ status: 201, body: reach });
    const adoption = {
      advisory: t.fx.advisoryIds[2],
      farmer,
      created_by: da.daId,
      adoption_type: 'SELF_REPORTED',
    };
    const adopted = await t.call('POST', '/api/adoption/', {
      headers: link('/record_adoption'),
      body: adoption,
    });
    expect(adopted).toMatchObject({ status: 201, body: adoption });
    const rows = async (table: string) =>
      (
        await t.db.query<{ n: string }>(
          `select count(*)::text as n from ${table} where farmer_id = $1 and advisory_id = $2 and created_by = $3`,
          [farmer, t.fx.advisoryIds[2], da.daId],
        )
      ).rows[0]?.n;
    expect([await rows('reach_records'), await rows('adoption_records')]).toEqual(['1', '1']);
  });

  it('adoption: SELF_REPORTED only, idempotent', async () => {
    const body = {
      advisory: t.fx.advisoryIds[1],
      farmer: farmers[1],
      created_by: da.daId,
      adoption_type: 'SELF_REPORTED',
    };
    const first = await t.call('POST', '/api/adoption/', { headers: da.headers, body });
    expect(first).toMatchObject({ status: 201, body });
    expect((await t.call('POST', '/api/adoption/', { headers: da.headers, body })).status).toBe(200);
    expect(
      (
        await t.call('POST', '/api/adoption/', {
          headers: da.headers,
          body: { ...body, adoption_type: 'OBSERVED' },
        })
      ).body,
    ).toEqual({
      adoption_type: ['Select a valid choice. "OBSERVED" is not one of the available choices.'],
    });
  });

  it('a pair recorded in another month is the same record (monthly partitions, one key table)', async () => {
    const body = { advisory: t.fx.advisoryIds[0], farmer: farmers[2], user: da.daId };
    const first = await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body });
    expect(first.status).toBe(201);
    // As if it had been recorded last year: it moves to that month's partition.
    await t.db.query(`update reach_records set created_at = created_at - interval '400 days' where id = $1`, [
      first.body.id,
    ]);
    const again = await t.call('POST', '/api/reach-farmers/', { headers: da.headers, body });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(Date.parse(again.body.created_at)).toBeLessThan(
      Date.parse(first.body.created_at) - 399 * 86_400_000,
    );
    const batch = await t.call('POST', '/api/reach-farmers/batch/', {
      headers: da.headers,
      body: { user: da.daId, records: [{ farmer: body.farmer, advisory: body.advisory }] },
    });
    expect(batch.body.results).toEqual([
      { ...batch.body.results[0], ok: true, created: false, id: first.body.id },
    ]);
  });

  it('the same pair posted six times at once: one record, one 201, one id', async () => {
    const body = { advisory: t.fx.advisoryIds[1], farmer: farmers[0], user: other.daId };
    const before = await t.fx.rowCounts();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? t.call('POST', '/api/reach-farmers/', { headers: other.headers, body })
          : t.call('POST', '/api/reach-farmers/batch/', {
              headers: other.headers,
              body: { user: other.daId, records: [{ farmer: body.farmer, advisory: body.advisory }] },
            }),
      ),
    );
    const ids = answers.map((a) => (a.body.results ? a.body.results[0].id : a.body.id));
    expect(new Set(ids).size).toBe(1);
    const created = answers.filter((a) => a.status === 201 || a.body.results?.[0].created === true);
    expect(created).toHaveLength(1);
    const rows = await t.db.query<{ n: number }>(
      'select count(*)::int as n from reach_records where farmer_id = $1 and advisory_id = $2 and created_by = $3',
      [body.farmer, body.advisory, body.user],
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect((await t.fx.rowCounts()).reach_records).toBe((before.reach_records ?? 0) + 1);
  });

  it('single record rules: unknown ids 400, 403 for another DA, 401', async () => {
    const body = { advisory: t.fx.advisoryIds[0], farmer: farmers[2], user: da.daId };
    const plainUser = await t.fx.user();
    const before = await t.fx.rowCounts();
    expect(
      await t.call('POST', '/api/reach-farmers/', {
        headers: da.headers,
        body: { ...body, farmer: 99_999_999 },
      }),
    ).toMatchObject({
      status: 400,
      body: { farmer: ['Invalid pk "99999999" - object does not exist.'] },
    });
    expect(
      (
        await t.call('POST', '/api/reach-farmers/', {
          headers: da.headers,
          body: { ...body, advisory: 99_999_999 },
        })
      ).body,
    ).toEqual({
      advisory: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect(
      (
        await t.call('POST', '/api/reach-farmers/', {
          headers: proof.service(),
          body: { ...body, user: 99_999_999 },
        })
      ).body,
    ).toEqual({
      user: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect((await t.call('POST', '/api/reach-farmers/', { headers: other.headers, body })).status).toBe(403);
    expect((await t.call('POST', '/api/reach-farmers/', { headers: plainUser.headers, body })).status).toBe(
      403,
    );
    expect((await t.call('POST', '/api/reach-farmers/', { body })).status).toBe(401);
    expect(await t.fx.rowCounts()).toEqual(before);
  });

  it('batch: per-item results, unknown ids fail alone, duplicates and re-posts are idempotent', async () => {
    const [a1, a2] = t.fx.advisoryIds as [number, number];
    const records = [
      { farmer: farmers[0], advisory: a2 },
      { farmer: farmers[1], advisory: a2 },
      { farmer: 99_999_999, advisory: a2 },
      { farmer: farmers[1], advisory: 99_999_998 },
      { farmer: farmers[1], advisory: a2 },
      { farmer: farmers[0], advisory: a1 },
    ];
    const r = await t.call('POST', '/api/reach-farmers/batch/', {
      headers: da.headers,
      body: { user: da.daId, records },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ recorded: 4, failed: 2 });
    const [x0, x1, x2, x3, x4, x5] = r.body.results;
    expect(x0).toMatchObject({ ok: true, created: true, farmer: farmers[0], advisory: a2 });
    expect(x1).toMatchObject({ ok: true, created: true });
    expect(x2).toEqual({
      ok: false,
      farmer: 99_999_999,
      advisory: a2,
      errors: { farmer: ['Invalid pk "99999999" - object does not exist.'] },
    });
    expect(x3).toMatchObject({
      ok: false,
      errors: { advisory: ['Invalid pk "99999998" - object does not exist.'] },
    });
    expect(x4).toMatchObject({ ok: true, created: false, id: x1.id });
    // Recorded by the single call in the first test: the same record, not new.
    expect(x5).toMatchObject({ ok: true, created: false });
    const again = await t.call('POST', '/api/reach-farmers/batch/', {
      headers: da.headers,
      body: { user: da.daId, records },
    });
    expect(again.body.results.map((x: { ok: boolean; created?: boolean }) => x.created ?? null)).toEqual([
      false,
      false,
      null,
      null,
      false,
      false,
    ]);
    expect(again.body.results[0].id).toBe(x0.id);

    const adoption = await t.call('POST', '/api/adoption/batch/', {
      headers: da.headers,
      body: {
        created_by: da.daId,
        adoption_type: 'SELF_REPORTED',
        records: [{ farmer: farmers[2], advisory: a1 }],
      },
    });
    expect(adoption.body).toMatchObject({ recorded: 1, failed: 0, results: [{ ok: true, created: true }] });
  });

  it('batch rules: whole-request 400s write nothing; 403; the size limit', async () => {
    const before = await t.fx.rowCounts();
    const records = [{ farmer: farmers[0], advisory: t.fx.advisoryIds[3] }];
    expect(
      (
        await t.call('POST', '/api/reach-farmers/batch/', {
          headers: da.headers,
          body: { user: da.daId, records: [] },
        })
      ).body,
    ).toEqual({
      records: ['This list may not be empty.'],
    });
    const tooMany = Array.from({ length: LIMITS.batchMax + 1 }, () => records[0]);
    expect(
      (
        await t.call('POST', '/api/reach-farmers/batch/', {
          headers: da.headers,
          body: { user: da.daId, records: tooMany },
        })
      ).body,
    ).toEqual({
      records: [`Ensure this field has no more than ${LIMITS.batchMax} elements.`],
    });
    expect(
      (
        await t.call('POST', '/api/reach-farmers/batch/', {
          headers: da.headers,
          body: { user: da.daId, records: [{ farmer: 'x', advisory: 1 }] },
        })
      ).body,
    ).toEqual({ 'records.0.farmer': ['Enter a whole number.'] });
    expect(
      (
        await t.call('POST', '/api/reach-farmers/batch/', {
          headers: proof.service(),
          body: { user: 99_999_999, records },
        })
      ).body,
    ).toEqual({
      user: ['Invalid pk "99999999" - object does not exist.'],
    });
    expect(
      (
        await t.call('POST', '/api/adoption/batch/', {
          headers: other.headers,
          body: { created_by: da.daId, adoption_type: 'SELF_REPORTED', records },
        })
      ).status,
    ).toBe(403);
    expect(await t.fx.rowCounts()).toEqual(before);
  });

  it('150 pairs in one round trip', async () => {
    const group = await t.fx.group(da);
    const many: number[] = [];
    for (let i = 0; i < 30; i++) many.push(await t.fx.farmer(da, group, `F${i}`));
    const records = many.flatMap((farmer) =>
      t.fx.advisoryIds.slice(0, 5).map((advisory) => ({ farmer, advisory })),
    );
    const r = await t.call('POST', '/api/reach-farmers/batch/', {
      headers: da.headers,
      body: { user: da.daId, records },
    });
    expect(r.body).toMatchObject({ recorded: 150, failed: 0 });
    expect(new Set(r.body.results.map((x: { id: number }) => x.id)).size).toBe(150);
  });
});
