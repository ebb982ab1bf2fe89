import { LINK_PARAMS, PROOF_SCHEME } from '@gebere/contract/auth';
import { type OutboxRecord, withoutLinkProof } from './record';
import type { RecordStore } from './store';

/**
 * Whose records these are (README.md "Whose records"): IndexedDB is the phone's, one store per
 * origin, not per Telegram account. On a phone shared by two accounts each launch acts only on
 * its own user's records: sends, shows, sums up, mirrors, fixes and removes them. Another
 * user's records wait, untouched, for that user's next open. Lazy (the outbox's chunk).
 */

/** The Telegram user a stored `Authorization` names: initData's `user.id`, a signed link's `tg`. */
export function proofUser(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const space = authorization.indexOf(' ');
  const scheme = authorization.slice(0, space);
  const value = authorization.slice(space + 1);
  try {
    if (scheme === PROOF_SCHEME.initData) {
      const user: unknown = JSON.parse(new URLSearchParams(value).get('user') ?? 'null');
      const id = user && typeof user === 'object' ? (user as { id?: unknown }).id : undefined;
      return typeof id === 'number' && Number.isSafeInteger(id) ? String(id) : undefined;
    }
    if (scheme === PROOF_SCHEME.link) {
      const query = value.indexOf('?');
      const tg = query < 0 ? null : new URLSearchParams(value.slice(query + 1)).get(LINK_PARAMS.user);
      return tg && /^\d+$/.test(tg) ? tg : undefined;
    }
  } catch {
    // unreadable initData: nobody's (below)
  }
  return undefined;
}

/**
 * The record's user: the one its stored proof names (whom the server will hold it to), else the
 * one who captured it (`user`, kept since the lists filter on it). Records kept before `user`
 * existed all carry a proof. Undefined when neither says (kept by a launch with no proof, which
 * could not have sent it either): such a record is nobody's, so no launch sends, shows, sums up,
 * mirrors or drops it.
 */
export const ownerOf = (record: OutboxRecord): string | undefined =>
  proofUser(record.authorization) ?? record.user;

/**
 * The record without what proves its user's identity, once the server answered it (saved, refused,
 * replayed) or the outbox refused it: its stored `Authorization` value, and a signed link's `sig`
 * and `exp` in the address it was captured on. Nothing sends it again (a Fix is a new record, made
 * with the open launch's proof), and on a shared phone a proof left behind would let the next
 * holder write as this user. Its user is written down, so whose it is does not change; what it
 * keeps for its week (ids for `refTo`, the summary, Fix's form) stays.
 */
export function withoutProof(record: OutboxRecord): OutboxRecord {
  const { authorization: _, ...rest } = record;
  const user = ownerOf(record);
  return {
    ...rest,
    ...(user ? { user } : {}),
    ...(record.origin ? { origin: withoutLinkProof(record.origin) } : {}),
  };
}

/** Whether a record still holds a proof: its stored `Authorization`, or a signed link's address. */
export const holdsProof = (record: OutboxRecord): boolean =>
  record.authorization !== undefined ||
  (record.origin !== undefined && withoutLinkProof(record.origin) !== record.origin);

/**
 * The store as `user` sees it: only their records are listed, read, changed or deleted; a record
 * of someone else's is never written over. Everything the outbox does goes through this view.
 */
export function ownedBy(store: RecordStore, user: string): RecordStore {
  const mine = (record: OutboxRecord | undefined): record is OutboxRecord =>
    record !== undefined && ownerOf(record) === user;
  return {
    all: async () => (await store.all()).filter(mine),
    get: async (key) => {
      const record = await store.get(key);
      return mine(record) ? record : undefined;
    },
    put: async (record) => {
      const there = await store.get(record.key);
      if (!mine(record) || (there && !mine(there))) throw new Error('not this user’s record');
      await store.put(record);
    },
    update: (key, change) => store.update(key, (record) => (mine(record) ? change(record) : undefined)),
    delete: async (key) => {
      if (mine(await store.get(key))) await store.delete(key);
    },
  };
}
