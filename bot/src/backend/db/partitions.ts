import type { Log } from './log';
import type { Db } from './types';

/**
 * Monthly partitions of reach_records and adoption_records (migration 13): the server creates
 * this month's and the next three months' at start, before it serves, and checks again every
 * hour (bot/src/backend/README.md, "Records by month"). Three months ahead means a server that
 * failed to create them for up to three months loses nothing; past that, records of a month with
 * no partition go to the default partition (never refused, never lost) and the next check moves
 * them into the month's own partition when it creates it.
 */
export const PARTITION_MONTHS_AHEAD = 3;
export const PARTITION_CHECK_MS = 60 * 60 * 1000;

/**
 * Creates the partitions that are missing; returns how many. Attaching a partition briefly locks
 * the default partition (and waits for inserts writing into it), so it gives up after 5 s rather
 * than queue the API's inserts behind it: the next check tries again.
 */
export async function ensureRecordPartitions(db: Db, monthsAhead = PARTITION_MONTHS_AHEAD): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query("set local lock_timeout = '5s'");
    const r = await tx.query<{ made: number }>('select record_partitions_ensure($1::int) as made', [
      monthsAhead,
    ]);
    return Number(r.rows[0]?.made ?? 0);
  });
}

export interface PartitionUpkeep {
  /** Stops the hourly check and waits for one in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `ensureRecordPartitions` now (awaited: the partitions exist before the first request) and
 * then every `everyMs`. A failure is logged and retried at the next check, never fatal: without
 * its partition a month's records still land in the default one.
 */
export async function startPartitionUpkeep(
  db: Db,
  log: Log,
  everyMs = PARTITION_CHECK_MS,
): Promise<PartitionUpkeep> {
  let running: Promise<void> = Promise.resolve();
  const check = () => {
    running = ensureRecordPartitions(db).then(
      (made) => {
        if (made > 0) log.info({ made }, 'record partitions created');
      },
      (err: unknown) => log.warn({ err }, 'record partitions not created; retrying at the next check'),
    );
    return running;
  };
  await check();
  const timer = setInterval(check, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
