// The product's database, for checking rows: startProduct (test-kit.ts) keeps the running server's
// here (one product per test file).
import type { Db } from '@gebere/bot/backend';

let current: Db | undefined;

export function captureDb(db: Db | undefined): void {
  current = db;
}

export function productDb(): Db {
  if (!current) throw new Error('no product database: startProduct (test-kit.ts) has not started one');
  return current;
}
