import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { countRecipients, RECIPIENTS_WHERE, TARGET_COLUMN } from './recipients';
import { insertDa, openSharedDb, type SharedDb } from './test-kit';

const LEVELS = ['region', 'zone', 'woreda', 'kebele'] as const;

/** What may happen to a DA's bot user or profile; `who` picks one of the test's DAs. */
type Step =
  | { kind: 'status'; who: number; status: 'VERIFIED' | 'PENDING' | 'REJECTED' }
  | { kind: 'block' | 'touch' | 'unlink' | 'relink' | 'delete'; who: number }
  | { kind: 'move'; who: number; to: number }
  | { kind: 'join'; to: number };

const WHO = fc.nat(5);
const one = (kind: 'block' | 'touch' | 'unlink' | 'relink' | 'delete') =>
  fc.record({ kind: fc.constant(kind), who: WHO });
// Blocks and the updates that lift them (the rule's subtle part) more often than the rest.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      who: WHO,
      status: fc.constantFrom('VERIFIED' as const, 'PENDING' as const, 'REJECTED' as const),
    }),
    weight: 2,
  },
  { arbitrary: one('block'), weight: 3 },
  { arbitrary: one('touch'), weight: 3 },
  { arbitrary: one('unlink'), weight: 1 },
  { arbitrary: one('relink'), weight: 1 },
  { arbitrary: one('delete'), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('move' as const), who: WHO, to: fc.nat(4) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('join' as const), to: fc.nat(4) }), weight: 1 },
);

// The recipients the form is told about (a sum over da_recipient_counts, kept by triggers) against
// the planner's own rule counted over the DAs, for every area of the test's tree and the country,
// after every step of random sequences of what the bot, the operator and DAs do to accounts.
describeOnDatabases('recipients counted per area equal the planner rule (%s)', (kind) => {
  let shared: SharedDb;
  let kebeles: number[];
  beforeAll(async () => {
    shared = await openSharedDb(kind);
    const t = shared.tree;
    kebeles = [t.kebele, t.sameWoreda, t.sameZone, t.sameRegion, t.elsewhere];
  });
  afterAll(() => shared.close());

  /** The areas to compare: every level of each of the tree's kebeles, and the country. */
  async function areas(): Promise<Array<{ location_type: string; location_id: number | null }>> {
    const r = await shared.db.query<Record<string, number>>(
      `select k.id as kebele, k.woreda_id as woreda, w.zone_id as zone, z.region_id as region
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       where k.id = any($1::bigint[])`,
      [kebeles],
    );
    return [
      { location_type: 'all', location_id: null },
      ...r.rows.flatMap((row) => LEVELS.map((l) => ({ location_type: l, location_id: Number(row[l]) }))),
    ];
  }

  /** The planner's rule, counted over the DAs (what countRecipients must equal). */
  async function byRule(target: { location_type: string; location_id: number | null }): Promise<number> {
    const column = TARGET_COLUMN[target.location_type];
    const r = await shared.db.query<{ n: number }>(
      `select count(*)::int as n from da_profiles p join bot_users u on u.da_profile_id = p.id
       where ${RECIPIENTS_WHERE} ${column ? `and ${column} = $1` : ''}`,
      column ? [target.location_id] : [],
    );
    return Number(r.rows[0]?.n);
  }

  /**
   * The areas whose kept count (the sum countRecipients takes over da_recipient_counts) differs
   * from the rule, all in one statement: checked after every step, where a query per area and
   * side made the test minutes long on PostgreSQL.
   */
  async function mismatches(targets: Array<{ location_type: string; location_id: number | null }>) {
    // The target's id column: da_recipient_counts' (c) and the planner's on the profile (p).
    const area = (column: (level: (typeof LEVELS)[number]) => string) =>
      `case t.type ${LEVELS.map((l) => `when '${l}' then ${column(l)}`).join(' ')} end`;
    const r = await shared.db.query<{ type: string; id: number | null; kept: number; rule: number }>(
      `select t.type, t.id,
         (select coalesce(sum(c.recipients), 0)::int from da_recipient_counts c
          where t.type = 'all' or ${area((l) => `c.${l}_id`)} = t.id) as kept,
         (select count(*)::int from da_profiles p join bot_users u on u.da_profile_id = p.id
          where ${RECIPIENTS_WHERE} and (t.type = 'all' or ${area((l) => TARGET_COLUMN[l] as string)} = t.id)) as rule
       from unnest($1::text[], $2::bigint[]) as t(type, id)`,
      [targets.map((x) => x.location_type), targets.map((x) => x.location_id)],
    );
    return r.rows.filter((row) => row.kept !== row.rule);
  }

  async function apply(s: Step, das: Array<{ botUserId: number; daId: number }>, at: string) {
    const { db } = shared;
    if (s.kind === 'join') {
      das.push(await insertDa(db, kebeles[s.to] as number));
      return;
    }
    const da = das[s.who % das.length];
    if (!da) return;
    const id = da.botUserId;
    switch (s.kind) {
      case 'status':
        await db.query('update bot_users set verification_status = $2 where id = $1', [id, s.status]);
        return;
      case 'block': // Telegram answered 403
        await db.query('update bot_users set blocked_at = $2::timestamptz where id = $1', [id, at]);
        return;
      case 'touch': // the bot heard from them: its upsert bumps updated_at
        await db.query('update bot_users set updated_at = $2::timestamptz where id = $1', [id, at]);
        return;
      case 'unlink':
        await db.query('update bot_users set da_profile_id = null where id = $1', [id]);
        return;
      case 'relink':
        await db.query(
          `update bot_users set da_profile_id = $2 where id = $1
           and not exists (select 1 from bot_users where da_profile_id = $2)`,
          [id, da.daId],
        );
        return;
      case 'move':
        await db.query(
          `update da_profiles p set kebele_id = k.id, woreda_id = k.woreda_id, zone_id = w.zone_id,
             region_id = z.region_id
           from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
           where p.id = $1 and k.id = $2`,
          [da.daId, kebeles[s.to]],
        );
        return;
      case 'delete':
        // The account goes; its profile stays (made by the test's creator from now on).
        await db.query('update da_profiles set created_by = $2 where created_by = $1', [
          id,
          shared.creator.botUserId,
        ]);
        await db.query('delete from bot_users where id = $1', [id]);
        das.splice(das.indexOf(da), 1);
        return;
    }
  }

  it('after every step of any sequence of verifications, blocks, links, moves and deletions', async () => {
    const targets = await areas();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        // A clean slate: nobody a recipient, then three fresh DAs in the tree.
        await shared.db.exec(`update bot_users set verification_status = 'PENDING'`);
        const das = [];
        for (let i = 0; i < 3; i++) das.push(await insertDa(shared.db, kebeles[i] as number));
        // After every row's own timestamps (made now), so a block is newer than the last update.
        let clock = Date.now() + 86_400_000;
        for (const s of steps) {
          clock += 60_000;
          await apply(s, das, new Date(clock).toISOString());
          expect(await mismatches(targets), JSON.stringify(s)).toEqual([]);
        }
        // And the form's own count, area by area, where the sequence ends.
        for (const target of targets)
          expect(await countRecipients(shared.db, target), JSON.stringify(target)).toBe(await byRule(target));
      }),
      { numRuns: kind === 'pglite' ? 20 : 12 },
    );
  });
});
