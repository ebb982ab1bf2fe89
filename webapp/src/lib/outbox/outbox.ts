import type { ApiError, ApiResult } from '@gebere/api-client';
import { isRetryable } from '@gebere/api-client/errors';
import { holdsProof, withoutProof } from './owner';
import {
  BATCH_OPEN_MS,
  dependencies,
  isSettled,
  KEEP_SAVED_MS,
  type OutboxRecord,
  type Refusal,
  resolveRefs,
} from './record';
import type { RecordStore } from './store';

/**
 * The outbox (README.md): every keyed write is kept here before it is sent, and stays until
 * the server answered it. Pure of globals: the store, the sender, the texts and the chat's
 * summary are injected (live.ts wires the real ones; the tests a fake IndexedDB and server).
 */
export interface OutboxDeps {
  store: RecordStore;
  /** Sends a record (its refs resolved) with its key; late-sync routes with its stored proof. */
  send(record: OutboxRecord): Promise<ApiResult<unknown>>;
  /** Whether `send` sends this route with the record's stored proof (a `lateSync` route). */
  isLate(route: string): boolean;
  /** The reason said to the DA for a refusal, in their language. */
  describe(error: ApiError): string;
  /** The reason for a record whose dependency was refused or dropped. */
  dependencyRefused(): string;
  /**
   * Tells the chat about a settled batch (its records saved or refused since the last
   * summary); true once delivered. Without it, settled batches are simply let go.
   */
  summarize?(records: OutboxRecord[]): Promise<boolean>;
  /** Every record after each change, the settled ones included (lists, the mirror). */
  onChange?(records: OutboxRecord[]): void;
  now?(): Date;
}

export interface NewRecord {
  key: string;
  route: string;
  input: Record<string, unknown>;
  authorization?: string | undefined;
  /** Default: its own batch. */
  batch?: string | undefined;
  /** Its batch may still grow ("Register another"): not summed up until closed (or a day's visit). */
  open?: boolean | undefined;
  /** The screen it is captured on (in-app path and query). */
  origin?: string | undefined;
  /** Who captured it. */
  user?: string | undefined;
}

/**
 * How a sync pass ended: all it could send was answered (and the chat told), no signal (or the
 * chat could not be told: try again later), or this launch's proof is dead.
 */
export type SyncOutcome = 'done' | 'offline' | 'unauthorized';

/** No answer yet (no signal, a timeout, a struggling server, the first send still running): send again later. */
export const notAnswered = (error: ApiError): boolean =>
  isRetryable(error) || (error.kind === 'http' && error.status === 409);

/** What a screen's own send got: the answer, or `queued` (kept for sync: no signal, or waiting for another record). */
export interface LiveSend<T> {
  result: ApiResult<T>;
  queued: boolean;
}

/** The answer a screen gets for a record that waits for another (no send was made). */
const waitingForDependency: ApiError = {
  kind: 'network',
  status: null,
  message: 'Waiting for another record',
  fieldErrors: {},
};

export function createOutbox(deps: OutboxDeps) {
  const { store } = deps;
  const now = () => deps.now?.() ?? new Date();
  const inFlight = new Set<string>();
  let counter = 0;

  async function changed(): Promise<void> {
    if (deps.onChange) deps.onChange(await store.all());
  }

  /** Keeps a record before its first send; the same key again keeps its first capture. */
  async function keep(entry: NewRecord): Promise<void> {
    const existing = await store.get(entry.key);
    const at = now();
    const authorization = existing?.authorization ?? entry.authorization;
    const origin = existing?.origin ?? entry.origin;
    const user = existing?.user ?? entry.user;
    await store.put({
      key: entry.key,
      seq: existing?.seq ?? at.getTime() * 1000 + (counter++ % 1000),
      route: entry.route,
      input: entry.input,
      ...(authorization ? { authorization } : {}),
      capturedAt: existing?.capturedAt ?? at.toISOString(),
      batch: entry.batch ?? existing?.batch ?? entry.key,
      state: 'pending',
      ...(entry.open ? { openUntil: at.getTime() + BATCH_OPEN_MS } : {}),
      ...(origin ? { origin } : {}),
      ...(user ? { user } : {}),
    });
    await changed();
  }

  /** The record's input with the saved values its references name. */
  function resolved(record: OutboxRecord, byKey: Map<string, OutboxRecord>): Record<string, unknown> {
    return resolveRefs(record.input, (ref) => {
      const saved = byKey.get(ref.$outbox)?.saved;
      return saved && typeof saved === 'object' ? (saved as Record<string, unknown>)[ref.field] : undefined;
    });
  }

  /** Where a record's dependencies stand: all saved, one still waiting, or one refused or gone. */
  function standing(record: OutboxRecord, byKey: Map<string, OutboxRecord>): 'ready' | 'waiting' | 'broken' {
    const needs = [...dependencies(record.input)].map((key) => byKey.get(key));
    if (needs.some((d) => d === undefined || d.state === 'refused')) return 'broken';
    return needs.every((d) => d?.state === 'saved') ? 'ready' : 'waiting';
  }

  /**
   * The screen's own send of a kept record (a press): sync leaves it alone meanwhile. `send` gets
   * the record's input with the saved ids of the records it names (undefined: the store lost it,
   * send as given). Saved, it stays as told
   * (unless its batch is open: then its summary is still to come); refused (which the screen
   * shows), it goes; with no answer it stays, `queued`, for sync to send. A record waiting for
   * another that is not saved yet (a farmer into a group kept offline) is not sent at all: a
   * sync pass goes first, and if the other is still waiting, so is this one (`queued`).
   */
  async function sendLive<T>(
    key: string,
    send: (input: Record<string, unknown> | undefined) => Promise<ApiResult<T>>,
  ): Promise<LiveSend<T>> {
    inFlight.add(key);
    try {
      let record = await store.get(key);
      let byKey = new Map((await store.all()).map((r) => [r.key, r]));
      if (record && standing(record, byKey) === 'waiting') {
        await sync();
        record = await store.get(key);
        byKey = new Map((await store.all()).map((r) => [r.key, r]));
      }
      const stand = record ? standing(record, byKey) : 'ready';
      if (record && stand !== 'ready') {
        if (stand === 'broken') await refuse(key, { status: null, reason: deps.dependencyRefused() });
        await changed();
        return { result: { ok: false, error: waitingForDependency }, queued: true };
      }
      const result = await send(record && resolved(record, byKey));
      if (!result.ok && notAnswered(result.error) && (await store.get(key))) {
        await unanswered(key, result.error);
        return { result, queued: true };
      }
      if (result.ok && record) {
        const open = (record.openUntil ?? 0) > now().getTime();
        await store.update(key, (r) =>
          withoutProof({
            ...r,
            state: 'saved',
            saved: result.data,
            savedAt: now().getTime(),
            reported: !open,
          }),
        );
      } else await store.delete(key);
      await changed();
      return { result, queued: false };
    } finally {
      inFlight.delete(key);
    }
  }

  /** Answered records keep no proof (owner.ts `withoutProof`): nothing sends them again. */
  /**
   * A send with no answer, or one the server answered without saving (a 5xx): the record stays
   * pending, marked with the server's status when it answered, so the DA is told what happened
   * rather than "no signal".
   */
  async function unanswered(key: string, error: ApiError): Promise<void> {
    const status = error.kind === 'http' ? error.status : null;
    await store.update(key, ({ serverError: _, ...r }) => (status ? { ...r, serverError: status } : r));
    await changed();
  }

  async function refuse(key: string, refusal: Refusal): Promise<OutboxRecord | undefined> {
    return store.update(key, (r) => withoutProof({ ...r, state: 'refused', refusal }));
  }

  /**
   * Sends every pending record, oldest first, each once; stops at the first unanswered one. A
   * record kept while the pass ran (its sends can take long on a poor link) is not in its list:
   * the pass goes round again for it rather than end "done" and leave it to a pass nobody plans.
   */
  async function pass(): Promise<SyncOutcome> {
    let outcome: SyncOutcome = 'done';
    for (let seen = -1; outcome === 'done' && seen !== counter; ) {
      seen = counter;
      outcome = await round();
    }
    // A summary that did not go (the companion out of reach, or busy): try again later too.
    const told = await settle();
    return outcome === 'done' && !told ? 'offline' : outcome;
  }

  /** One walk over the records as they were when it began. */
  async function round(): Promise<SyncOutcome> {
    const records = await store.all();
    const byKey = new Map(records.map((r) => [r.key, r]));
    let outcome: SyncOutcome = 'done';
    for (const snapshot of records) {
      // As it is now: the screen may have sent it meanwhile (a press while the pass ran).
      const listed = inFlight.has(snapshot.key) ? undefined : await store.get(snapshot.key);
      if (listed?.state !== 'pending') continue;
      const stand = standing(listed, byKey);
      if (stand === 'broken') {
        const refused = await refuse(listed.key, { status: null, reason: deps.dependencyRefused() });
        if (refused) byKey.set(refused.key, refused);
        continue;
      }
      if (stand === 'waiting') continue; // its dependency is still waiting
      const result = await deps.send({ ...listed, input: resolved(listed, byKey) });
      let next: OutboxRecord | undefined;
      if (result.ok) {
        next = await store.update(listed.key, (r) =>
          withoutProof({ ...r, state: 'saved', saved: result.data, savedAt: now().getTime() }),
        );
      } else if (notAnswered(result.error)) {
        await unanswered(listed.key, result.error);
        outcome = 'offline';
        break;
      } else if (result.error.status === 401 && !result.error.lateSyncRefused && !deps.isLate(listed.route)) {
        // This launch's proof is dead (not the record's): the next open with a fresh one sends it.
        outcome = 'unauthorized';
        break;
      } else {
        const { status, lateSyncRefused, fieldErrors } = result.error;
        next = await refuse(listed.key, {
          status,
          reason: deps.describe(result.error),
          ...(lateSyncRefused ? { lateSync: lateSyncRefused } : {}),
          ...(Object.keys(fieldErrors).length ? { fieldErrors } : {}),
        });
      }
      if (next) byKey.set(next.key, next);
      await changed();
    }
    return outcome;
  }

  /**
   * A batch with nothing pending (and not open for more) is settled: the chat is told once (saved
   * and refused since the last summary); then its refused records stay, marked told, until
   * dropped, and its saved ones a while (KEEP_SAVED_MS), out of sight. Saved records past that
   * go.
   */
  async function settle(): Promise<boolean> {
    let told = true;
    const at = now().getTime();
    const batches = new Map<string, OutboxRecord[]>();
    for (const r of await store.all()) {
      if (isSettled(r) && at - (r.savedAt ?? 0) > KEEP_SAVED_MS) await store.delete(r.key);
      else batches.set(r.batch, [...(batches.get(r.batch) ?? []), r]);
      // Answered before proofs were dropped at the answer (an older version kept them): drop it now.
      if (r.state !== 'pending' && holdsProof(r)) await store.update(r.key, withoutProof);
    }
    for (const records of batches.values()) {
      const busy = (r: OutboxRecord) =>
        r.state === 'pending' || inFlight.has(r.key) || (r.openUntil ?? 0) > at;
      if (records.some(busy)) continue;
      const news = records.filter((r) => !r.reported && r.state !== 'pending');
      if (news.length === 0) continue;
      if (deps.summarize && !(await deps.summarize(news))) {
        told = false; // told at the next pass
        continue;
      }
      for (const r of news) await store.update(r.key, (x) => ({ ...x, reported: true }));
    }
    await changed();
    return told;
  }

  /** Changes every record of a batch. */
  async function eachOf(batch: string, change: (r: OutboxRecord) => OutboxRecord): Promise<void> {
    for (const r of await store.all()) if (r.batch === batch) await store.update(r.key, change);
  }

  let running: Promise<SyncOutcome> | null = null;

  /** One sync pass at a time: a call meanwhile gets the running pass. */
  function sync(): Promise<SyncOutcome> {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    keep,
    sendLive,
    sync,
    /**
     * The batch is complete (the DA pressed Register or Done): it is summed up once nothing in it
     * waits.
     */
    async closeBatch(batch: string): Promise<void> {
      await eachOf(batch, ({ openUntil: _, ...r }) => r);
      await changed();
    },
    /** The screen told the chat itself about this batch's saved records (its own hand-back). */
    async told(batch: string): Promise<void> {
      await eachOf(batch, ({ openUntil: _, ...r }) => (r.state === 'saved' ? { ...r, reported: true } : r));
      await changed();
    },
    /** Whether this batch has records still waiting for signal. */
    async waitingIn(batch: string): Promise<boolean> {
      return (await store.all()).some((r) => r.batch === batch && r.state === 'pending');
    },
    /** The DA drops a record (a refused one, after confirming). */
    async drop(key: string): Promise<void> {
      await store.delete(key);
      await changed();
    },
    /** One record, settled or not. */
    get: (key: string) => store.get(key),
    /** The records still in play: waiting, refused, or saved and not yet told. */
    list: async () => (await store.all()).filter((r) => !isSettled(r)),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
