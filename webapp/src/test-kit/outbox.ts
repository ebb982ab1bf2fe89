import { resetOutboxForTests } from '../lib/outbox/live';
import { resetOutboxViewForTests } from '../lib/outbox/view';
import { json, type SeenRequest } from './fake-fetch';
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

/** The server's answer to a farmer it saved: what was sent, with the fields it adds. */
export const farmerSaved = (req: SeenRequest, id = 7) =>
  json(201, {
    id,
    father_name: 'Kebede',
    grand_father_name: 'Tessema',
    phone_number: null,
    gender: 'female',
    kebele: 9,
    development_group: 11,
    created_by: 5,
    ...(req.body as object),
  });
