import { translate } from '@gebere/i18n';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../../test/backend/test-kit/databases';
import { decide, enrol } from '../backend/routes/enrolment';
import { type Harness, harness, openSharedDb, type SharedDb, type TestDa } from './test-kit';

/**
 * The messages of DA registration requests (docs/authorization.md, "Verification status"), as the
 * backend queues them (enrolment.ts, in the registration's transaction) and the engine sends
 * them: once each, whatever the number of copies or a crash mid-request, and only while true.
 */
describeOnBothDatabases('enrolment messages (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => (h as Harness | undefined)?.close());

  async function setUp() {
    h = await harness(shared, { start: Date.parse('2026-05-04T07:00:00Z') });
    await h.db.exec('delete from da_enrolment_messages; delete from da_enrolments; delete from role_grants;');
  }
  /** A bot user who shared `phone` and holds a supervisor grant over the tree's region. */
  async function supervisor(): Promise<TestDa & { phone: string }> {
    const sup = await h.da(h.tree.elsewhere);
    const phone = `9${String(sup.telegramId % 100_000_000).padStart(8, '0')}`;
    await h.db.query('update bot_users set phone_number = $2 where id = $1', [sup.botUserId, phone]);
    await h.db.query(
      `insert into role_grants (phone_number, role, location_type, location_id) values ($1, 'supervisor', 'region', $2)`,
      [phone, h.tree.region],
    );
    return { ...sup, phone };
  }
  const texts = (da: TestDa) => h.inbox(da).map((m) => m.text ?? '');

  it('two copies send each message once; a restart records an in-doubt one as sent, never twice', async () => {
    await setUp();
    const sup = await supervisor();
    const da = await h.da(h.tree.kebele, { status: 'PENDING' });
    expect(await h.db.transaction((tx) => enrol(tx, da.botUserId))).toEqual({
      status: 'PENDING',
      waiting_for: 'supervisor',
    });
    const [a, b] = await Promise.all([h.engine().runEnrolmentMessages(), h.engine().runEnrolmentMessages()]);
    expect(a.sent + b.sent).toBe(2);
    expect(texts(da)).toEqual([translate('en', 'bot.enrolment.pending_supervisor')]);
    expect(texts(sup).filter((t) => t.includes('Almaz Bekele Desta'))).toHaveLength(1);

    // The supervisor approves; a copy dies after marking the DA's message as being sent.
    const request = (await h.db.query<{ id: number }>('select id from da_enrolments')).rows[0]?.id as number;
    await h.db.transaction((tx) =>
      decide(tx, request, { decision: 'approved', telegram_id: sup.telegramId }),
    );
    await h.db.query(
      `update da_enrolment_messages set sending_at = now(), claimed_until = $1::timestamptz, attempts = 1
       where kind = 'approved'`,
      [new Date(h.clock.now() - 1000).toISOString()],
    );
    expect(await h.engine().runEnrolmentMessages()).toEqual({ sent: 0, failed: 0 });
    const row = await h.db.query<{ status: string; last_error: string }>(
      `select status, last_error from da_enrolment_messages where kind = 'approved'`,
    );
    expect(row.rows[0]).toEqual({
      status: 'sent',
      last_error: 'unconfirmed: the sender stopped while sending',
    });
    expect(texts(da)).toHaveLength(1);
  });

  it('sends nothing that stopped being true: a request decided, a grant revoked', async () => {
    await setUp();
    const sup = await supervisor();
    const decided = await h.da(h.tree.kebele, { status: 'PENDING' });
    const revoked = await h.da(h.tree.sameWoreda, { status: 'PENDING' });
    await h.db.transaction(async (tx) => {
      await enrol(tx, decided.botUserId);
      await enrol(tx, revoked.botUserId);
    });
    // An operator decides the first before the engine runs; the supervisor loses the grant.
    const first = (
      await h.db.query<{ id: number }>(
        `select e.id from da_enrolments e join bot_users b on b.da_profile_id = e.da_profile_id where b.id = $1`,
        [decided.botUserId],
      )
    ).rows[0]?.id as number;
    await h.db.transaction((tx) => decide(tx, first, { decision: 'rejected' }));
    await h.db.exec('delete from role_grants');
    await h.engine().runEnrolmentMessages();
    expect(texts(sup).filter((t) => t.includes('Almaz'))).toEqual([]);
    const asks = await h.db.query<{ status: string; last_error: string }>(
      `select status, last_error from da_enrolment_messages where kind = 'ask' order by id`,
    );
    expect(asks.rows).toEqual([
      { status: 'failed', last_error: 'cancelled: decided' },
      { status: 'failed', last_error: 'cancelled: no longer a supervisor of the kebele' },
    ]);
    // The rejected DA is told so (and not that they wait); the other waits.
    expect(texts(decided)).toEqual([translate('en', 'bot.rejected')]);
    expect(texts(revoked)).toEqual([translate('en', 'bot.enrolment.pending_supervisor')]);
  });
});
