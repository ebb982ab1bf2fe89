// The product's database handle, for checking rows: the test file wraps the server's lazily loaded
// backend module with vi.mock so startServer hands its db here (no product code changes).
import type { Db } from '../../bot/src/backend/db/types';
import type * as ServerBackend from '../../bot/src/server/embedded-backend';

export const captured: { db: Db | undefined } = { db: undefined };

export function wrapBackend(original: typeof ServerBackend): typeof ServerBackend {
  return {
    ...original,
    async startEmbeddedBackend(...args) {
      const backend = await original.startEmbeddedBackend(...args);
      captured.db = backend.db;
      return backend;
    },
  };
}

export function productDb(): Db {
  if (!captured.db)
    throw new Error('the product database was not captured (vi.mock of server/embedded-backend missing?)');
  return captured.db;
}
