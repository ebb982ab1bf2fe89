/**
 * Stored answers of writes sent with an `Idempotency-Key` (contract `idempotency.ts`). The row is
 * inserted first in the request's transaction, so a concurrent duplicate waits on the primary
 * key; `status`/`response` are filled before commit, so a committed key always has its answer
 * and its record. Rows older than 24 h are deleted now and then (`http/idempotency.ts`).
 */
export const sql = /* sql */ `
create table idempotency_keys (
  actor text not null,
  key text not null,
  method text not null,
  path text not null,
  request_hash text not null,
  status int,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (actor, key)
);
create index idempotency_keys_created_at on idempotency_keys (created_at);
`;
