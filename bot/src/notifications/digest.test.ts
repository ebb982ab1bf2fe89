import { defaultPeriod } from '@gebere/contract';
import { languages, translate } from '@gebere/i18n';
import { afterAll, afterEach, beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { describeOnDatabases } from '../../test/backend/test-kit/databases';
import { buildReport } from '../backend/routes/reports';
import { digestReport, digestWeek, renderDigest } from './digest';
import { CHART_HEIGHT, CHART_WIDTH, digestChart } from './digest-chart';
import { type Harness, harness, openSharedDb, type SharedDb, type TestDa } from './test-kit';

const utc = (s: string) => Date.parse(`${s}Z`);
/** Monday 23 November 2026, 08:00 in Addis Ababa. */
const MONDAY_8 = utc('2026-11-23T05:00:00');
const WEEK = 60 * 60 * 1000 * 24 * 7;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describeOnDatabases('the weekly report digest (%s)', (kind) => {
  let shared: SharedDb;
  let h: Harness;
  beforeAll(async () => {
    shared = await openSharedDb(kind);
  });
  afterAll(() => shared.close());
  afterEach(() => (h as Harness | undefined)?.close());

  async function setUp(start: number) {
    h = await harness(shared, { start });
    await h.db.exec('delete from report_digest_deliveries; delete from report_digest_subscriptions;');
  }
  const subscribe = (da: TestDa) =>
    h.db.query('insert into report_digest_subscriptions (bot_user_id) values ($1)', [da.botUserId]);
  const photos = (da: TestDa) =>
    h.tg
      .user(da.telegramId)
      .botMessages()
      .filter((m) => m.photo);

  it('is due Mondays at 08:00 Addis Ababa, for the ISO week', () => {
    expect(digestWeek(MONDAY_8)).toEqual({ week: '2026-11-23', sendAt: MONDAY_8 });
    // Monday before 08:00 is already the new week, not yet due (last week's is a week late).
    expect(digestWeek(MONDAY_8 - 1)).toEqual({ week: '2026-11-23', sendAt: MONDAY_8 });
    expect(digestWeek(utc('2026-11-22T20:59:59')).week).toBe('2026-11-16'); // Sunday 23:59:59
    expect(digestWeek(utc('2026-11-29T20:59:59')).week).toBe('2026-11-23');
  });

  it('goes once per subscriber per week, across a restart and an in-doubt send; none unsubscribed', async () => {
    await setUp(MONDAY_8 - 60_000);
    const subscriber = await h.da(h.tree.kebele);
    const other = await h.da(h.tree.kebele);
    await subscribe(subscriber);
    const first = h.engine();
    expect((await first.runDigests()).queued).toBe(0); // 07:59: not yet
    h.clock.set(MONDAY_8 + 1_000);
    expect(await first.runDigests()).toMatchObject({ queued: 1, sent: 1 });
    // A restarted engine (a new copy, same database) later that morning: nothing again.
    h.clock.set(MONDAY_8 + 3_600_000);
    expect(await h.engine().runDigests()).toMatchObject({ queued: 0, sent: 0 });
    expect(photos(subscriber)).toHaveLength(1);
    expect(photos(other)).toHaveLength(0);

    // Next week: the engine crashes just after marking the send (in doubt); the restarted one
    // records it as sent and does not send it again.
    h.clock.set(MONDAY_8 + WEEK + 1_000);
    await h.db.query(
      `insert into report_digest_deliveries (bot_user_id, week, sending_at, claimed_until, attempts)
       values ($1, '2026-11-30', $2::timestamptz, $3::timestamptz, 1)`,
      [
        subscriber.botUserId,
        new Date(h.clock.now()).toISOString(),
        new Date(h.clock.now() + 30_000).toISOString(),
      ],
    );
    expect(await h.engine().runDigests()).toMatchObject({ queued: 0, sent: 0 });
    h.clock.set(MONDAY_8 + WEEK + 60_000);
    expect(await h.engine().runDigests()).toMatchObject({ queued: 0, sent: 0 });
    const row = await h.db.query<{ status: string }>(
      `select status from report_digest_deliveries where week = '2026-11-30'`,
    );
    expect(row.rows).toEqual([{ status: 'sent' }]);
    expect(photos(subscriber)).toHaveLength(1);

    // The week after, unsubscribed once it was queued: cancelled, not sent.
    h.clock.set(MONDAY_8 + 2 * WEEK + 1_000);
    const engine = h.engine();
    await h.db.query(`insert into report_digest_deliveries (bot_user_id, week) values ($1, '2026-12-07')`, [
      subscriber.botUserId,
    ]);
    await h.db.query('delete from report_digest_subscriptions');
    expect(await engine.runDigests()).toMatchObject({ sent: 0, failed: 1 });
    expect(photos(subscriber)).toHaveLength(1);
  });

  it("shows the report's figures of the subscriber's area in a PNG, and re-checks the scope at send time", async () => {
    await setUp(MONDAY_8 + 1_000);
    const da = await h.da(h.tree.kebele);
    const revoked = await h.da(h.tree.sameWoreda);
    await subscribe(da);
    await subscribe(revoked);
    const t = h.tree;
    await h.db.query(
      `insert into report_daily (day, region_id, zone_id, woreda_id, kebele_id, da_id, advisory_id, farmers, reach, adoption)
       values ('2026-11-18', $1, $2, $3, $4, $5, 0, 2, 7, 3), ('2026-11-10', $1, $2, $3, $4, $5, 0, 0, 4, 1)
       on conflict do nothing`,
      [t.region, t.zone, t.woreda, t.kebele, da.daId],
    );
    // No longer a verified DA by Monday: no report scope, no digest.
    await h.db.query(`update bot_users set verification_status = 'PENDING' where id = $1`, [
      revoked.botUserId,
    ]);
    expect(await h.engine().runDigests()).toMatchObject({ queued: 2, sent: 1, failed: 1 });
    expect(photos(revoked)).toHaveLength(0);

    const [m] = photos(da);
    const png = Buffer.from(m?.photo?.bytes ?? []);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.toString('latin1', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([CHART_WIDTH, CHART_HEIGHT]);

    // The same figures as the report of the DA's kebele for the 12 weeks to Sunday.
    const report = await buildReport(
      h.db,
      { level: 'kebele', id: t.kebele, ...defaultPeriod('2026-11-22'), valueChain: null },
      [],
    );
    const lastWeek = report.weeks.at(-1);
    expect(lastWeek?.week).toBe('2026-11-16');
    expect(lastWeek?.reach).toBeGreaterThanOrEqual(7);
    const lines = (m?.text ?? '').split('\n');
    expect(lines[1]).toBe(`Week of 2026-11-16: reach ${lastWeek?.reach}, adoption ${lastWeek?.adoption}`);
    expect(lines[2]).toBe(
      `${report.from} to 2026-11-22: reach ${report.totals.reach}, adoption ${report.totals.adoption}, ` +
        `farmers registered ${report.totals.farmers}, development groups ${report.totals.groups}`,
    );
  });

  it('a digest that cannot be drawn is retried like a failed send, then failed with the reason', async () => {
    await setUp(MONDAY_8 + 1_000);
    const da = await h.da(h.tree.kebele);
    await subscribe(da);
    const draw = vi.spyOn(digestChart, 'png').mockImplementation(() => {
      throw new Error('no fonts for the chart');
    });
    try {
      const engine = h.engine({ maxAttempts: 2, backoffMs: 60_000 });
      expect(await engine.runDigests()).toMatchObject({ queued: 1, sent: 0, failed: 0 });
      const row = () =>
        h.db
          .query<{ status: string; attempts: number; last_error: string }>(
            'select status, attempts, last_error from report_digest_deliveries where bot_user_id = $1',
            [da.botUserId],
          )
          .then((r) => r.rows[0]);
      expect(await row()).toEqual({
        status: 'queued',
        attempts: 1,
        last_error: 'not made: no fonts for the chart',
      });
      // Not before its backoff; after it, the second and last attempt.
      expect(await engine.runDigests()).toMatchObject({ sent: 0, failed: 0 });
      expect((await row())?.attempts).toBe(1);
      h.clock.advance(60_001);
      expect(await engine.runDigests()).toMatchObject({ sent: 0, failed: 1 });
      expect(await row()).toEqual({
        status: 'failed',
        attempts: 2,
        last_error: 'not made: no fonts for the chart',
      });
      // Given up: never claimed again, even long after.
      h.clock.advance(3_600_000);
      expect(await engine.runDigests()).toMatchObject({ queued: 0, sent: 0, failed: 0 });
      expect(draw).toHaveBeenCalledTimes(2);
      expect(photos(da)).toHaveLength(0);
    } finally {
      draw.mockRestore();
    }
  });

  it('is worded in en, am and om', async () => {
    await setUp(MONDAY_8 + 1_000);
    const da = await h.da(h.tree.kebele);
    const report = await digestReport(h.db, da.telegramId, '2026-11-23');
    if (!report) throw new Error('a verified DA has a report scope');
    const captions = languages.map((lang) => renderDigest(report, lang).caption);
    expect(new Set(captions).size).toBe(languages.length);
    for (const [i, lang] of languages.entries()) {
      expect(captions[i]?.split('\n')).toHaveLength(3);
      expect(captions[i]).toContain(translate(lang, 'bot.digest.title', { area: '' }).trim());
    }
    expect(captions[languages.indexOf('am')]).toMatch(/[\u1200-\u137f]/);
  });

  // The 12 weeks to Sunday 2026-11-22 (Hidar 13, 2019 E.C.) start Monday 2026-08-31 (Nehase 25,
  // 2018) and cross Pagume and the Ethiopian new year (Meskerem 1, 2019 = 2026-09-11).
  it('writes the days in the Ethiopian calendar for an Amharic or Oromo reader, in the caption and the chart', async () => {
    await setUp(MONDAY_8 + 1_000);
    const da = await h.da(h.tree.kebele);
    const report = await digestReport(h.db, da.telegramId, '2026-11-23');
    if (!report) throw new Error('a verified DA has a report scope');
    const draw = vi.spyOn(digestChart, 'png');
    onTestFinished(() => draw.mockRestore());
    const labels = () => draw.mock.calls.at(-1)?.[0].bars.map((b) => b.label);

    const am = renderDigest(report, 'am').caption.split('\n');
    expect(am[1]).toContain('ኅዳር 7 ቀን 2019 ዓ.ም.');
    expect(am[2]).toContain('ነሐሴ 25 ቀን 2018 ዓ.ም.');
    expect(am[2]).toContain('ኅዳር 13 ቀን 2019 ዓ.ም.');
    expect(labels()).toEqual([
      'ነሐሴ 25',
      'ጳጉሜ 2',
      'መስከ 4',
      'መስከ 11',
      'መስከ 18',
      'መስከ 25',
      'ጥቅም 2',
      'ጥቅም 9',
      'ጥቅም 16',
      'ጥቅም 23',
      'ጥቅም 30',
      'ኅዳር 7',
    ]);

    expect(renderDigest(report, 'om').caption).toContain('Hagayya 25, 2018 ALI');
    expect(labels()?.slice(0, 3)).toEqual(['Hag 25', 'Qaa 2', 'Ful 4']);

    // An English reader keeps the ISO days.
    expect(renderDigest(report, 'en').caption.split('\n')[2]).toMatch(/^2026-08-31 to 2026-11-22:/);
    expect(labels()?.[0]).toBe('08-31');
  });
});
