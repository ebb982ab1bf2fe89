/**
 * Per-user limits shared by every copy of the server on one PostgreSQL (serving/rate-limits.ts):
 * one row per key (a user's writes, reads, hand-backs, report files) holding what was spent in
 * each bucket of its sliding window. Unlogged: a row lives a minute and a crash losing it only
 * forgives that minute, so the writes of every request need no WAL nor a flush at commit.
 * PGlite keeps its limits in memory (one process per data directory); the table stays empty there.
 */
export const sql = /* sql */ `
create unlogged table rate_limits (
  key text primary key,
  base bigint not null,
  counts int[] not null,
  expires_at timestamptz not null
);
`;
