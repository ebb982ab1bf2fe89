import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnBothDatabases, openTestDb, type TestDb } from '../../../test/backend/test-kit/databases';

// iso() is how every timestamp leaves the database. It must read like Date#toISOString (with
// microseconds), and be inlined into the query (STABLE, like the to_char it wraps): declared
// IMMUTABLE it was called once per row, half the SQL time of a long list.
describeOnBothDatabases('iso() (%s)', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await openTestDb(kind);
  });
  afterAll(() => t.dispose());

  it('formats in UTC with microseconds, whatever the session time zone', async () => {
    const r = await t.db.transaction(async (tx) => {
      await tx.exec(`set local timezone = 'Africa/Addis_Ababa'`);
      return tx.query<{ s: string }>(`select iso('2025-03-03T05:00:00.123456Z'::timestamptz) as s`);
    });
    expect(r.rows[0]?.s).toBe('2025-03-03T05:00:00.123456Z');
  });

  it('is inlined into the query plan, not called per row', async () => {
    const r = await t.db.query<{ 'QUERY PLAN': string }>(
      `explain (verbose, costs off) select iso(created_at) from location_notifications`,
    );
    const plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('to_char(');
    expect(plan).not.toMatch(/\biso\(/);
  });
});
