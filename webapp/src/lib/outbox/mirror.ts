import type { DeviceKeyValue } from './load';
import { withoutProof } from './owner';
import { dependencies, isSettled, type OutboxRecord } from './record';
import type { RecordStore } from './store';

/**
 * The outbox's mirror in Telegram's DeviceStorage (README.md "The DeviceStorage mirror"): the
 * records still to be sent or shown, kept by the Telegram client as well, so that a WebView whose
 * storage was cleared gets them back at the next open. One key holds them all (DeviceStorage has
 * no listing of keys, and one value is replaced whole: never half of a change).
 *
 * Only a store created by this open (`fresh`: IndexedDB empty because it was cleared) takes
 * records from the mirror. Otherwise IndexedDB is the truth and the mirror is rewritten from it:
 * a mirror a step behind (the app closed before its write landed) must not bring back a record
 * that was sent or removed.
 */

export const MIRROR_KEY = 'gebere_outbox';
/** DeviceStorage holds 5 MB per bot and user; the mirror stays well inside (oldest records first). */
export const MIRROR_MAX_CHARS = 1_000_000;

/** What is mirrored: all but the settled records, and those a kept record still names. */
export function mirrored(records: readonly OutboxRecord[]): OutboxRecord[] {
  const named = new Set(records.flatMap((r) => (isSettled(r) ? [] : [...dependencies(r.input)])));
  const out: OutboxRecord[] = [];
  let size = 2;
  for (const r of records) {
    if (isSettled(r) && !named.has(r.key)) continue;
    size += JSON.stringify(r).length + 1;
    if (size > MIRROR_MAX_CHARS) break;
    out.push(r);
  }
  return out;
}

const isRecord = (v: unknown): v is OutboxRecord => {
  const r = v as Partial<OutboxRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.key === 'string' &&
    typeof r.seq === 'number' &&
    typeof r.route === 'string' &&
    typeof r.input === 'object' &&
    r.input !== null &&
    typeof r.capturedAt === 'string' &&
    typeof r.batch === 'string' &&
    (r.state === 'pending' || r.state === 'saved' || r.state === 'refused')
  );
};

export function createMirror(storage: DeviceKeyValue) {
  let last: string | undefined;
  let next: string | undefined;
  let writing: Promise<void> | undefined;

  /** One write at a time; a change meanwhile replaces the one waiting (only the latest matters). */
  async function drain(): Promise<void> {
    while (next !== undefined && next !== last) {
      const value = next;
      try {
        await storage.set(MIRROR_KEY, value === '[]' ? null : value);
        last = value;
      } catch {
        // refused or no answer (a full storage, an older client): the next change tries again
        next = undefined;
      }
    }
  }

  function kick(): Promise<void> {
    writing ??= drain().finally(() => {
      writing = undefined;
      // A change that came while the last write was ending.
      if (next !== undefined && next !== last) void kick();
    });
    return writing;
  }

  return {
    /** Brings back into a fresh store the records the mirror has and it lacks; how many. */
    async restore(store: RecordStore): Promise<number> {
      let kept: unknown;
      try {
        kept = JSON.parse((await storage.get(MIRROR_KEY)) ?? '[]');
      } catch {
        return 0;
      }
      if (!Array.isArray(kept)) return 0;
      let restored = 0;
      for (const record of kept.filter(isRecord)) {
        if (await store.get(record.key)) continue;
        // The store takes only its user's records (owner.ts): DeviceStorage is per user, but a
        // mirror written before that rule may hold another account's.
        // An answered record comes back without its proof, as the outbox keeps it (owner.ts).
        const put = await store.put(record.state === 'pending' ? record : withoutProof(record)).then(
          () => true,
          () => false,
        );
        if (put) restored++;
      }
      return restored;
    },
    /** Mirrors the records as they are now (after every change). */
    write(records: readonly OutboxRecord[]): Promise<void> {
      next = JSON.stringify(mirrored(records));
      return kick();
    },
  };
}

export type Mirror = ReturnType<typeof createMirror>;
