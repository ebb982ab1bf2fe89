import { resetOutboxForTests } from '../lib/outbox/live';
import { resetOutboxViewForTests } from '../lib/outbox/view';
import { freshIndexedDb } from './indexed-db';

/** What a screen toasts when a save got no answer and the outbox keeps it (`common.outbox.kept_offline`). */
export const KEPT_OFFLINE =
  'No signal: the record is kept on this phone and will be sent when the signal returns.';

/** An empty outbox for this test: a fresh IndexedDB, nothing loaded, nothing shown. */
export async function freshOutbox(): Promise<void> {
  await freshIndexedDb();
  resetOutboxForTests();
  resetOutboxViewForTests();
}
