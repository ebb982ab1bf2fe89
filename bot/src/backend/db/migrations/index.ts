import { sql as initial } from './001-initial';
import { sql as idempotencyKeys } from './003-idempotency-keys';

/** Applied in order; a migration is never edited once released, only followed by a new one. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: initial },
  // 2 is notification-delivery (bot/src/notifications), registered by its own change.
  { version: 3, name: 'idempotency-keys', sql: idempotencyKeys },
];
