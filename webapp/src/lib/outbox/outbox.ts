import type { ApiError, ApiResult } from '@gebere/api-client';
import { isRetryable } from '@gebere/api-client/errors';
import { dependencies, type OutboxRecord, type Refusal, resolveRefs } from './record';
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
}

/** How a sync pass ended: all it could send was answered, no signal, or this launch's proof is dead. */
export type SyncOutcome = 'done' | 'offline' | 'unauthorized';

/** No answer yet (no signal, a timeout, a struggling server, the first send still running): send again later. */
export const notAnswered = (error: ApiError): boolean =>
  isRetryable(error) || (error.kind === 'http' && error.status === 409);

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
    await store.put({
      key: entry.key,
      seq: existing?.seq ?? at.getTime() * 1000 + (counter++ % 1000),
      route: entry.route,
      input: entry.input,
      ...((existing?.authorization ?? entry.authorization)
        ? { authorization: existing?.authorization ?? entry.authorization }
        : {}),
      capturedAt: existing?.capturedAt ?? at.toISOString(),
      batch: entry.batch ?? existing?.batch ?? entry.key,
      state: 'pending',
    });
    await changed();
  }

  /**
   * The screen's own send of a kept record (a press): sync leaves it alone meanwhile. Answered
   * (saved or refused, which the screen shows), the record goes; with no answer it stays,
   * `queued`, for sync to send.
   */
  async function sendLive<T>(
    key: string,
    send: () => Promise<ApiResult<T>>,
  ): Promise<{ result: ApiResult<T>; queued: boolean }> {
    inFlight.add(key);
    try {
      const result = await send();
      if (!result.ok && notAnswered(result.error) && (await store.get(key))) return { result, queued: true };
      await store.delete(key);
      await changed();
      return { result, queued: false };
    } finally {
      inFlight.delete(key);
    }
  }

  /**
   * The screen sends these records itself (reach's engine): sync leaves them alone until the
   * returned release is called.
   */
  function hold(keys: readonly string[]): () => void {
    for (const key of keys) inFlight.add(key);
    return () => {
      for (const key of keys) inFlight.delete(key);
    };
  }

  async function refuse(key: string, refusal: Refusal): Promise<OutboxRecord | undefined> {
    return store.update(key, (r) => ({ ...r, state: 'refused', refusal }));
  }

  /** Sends every pending record, oldest first, each once; stops at the first unanswered one. */
  async function pass(): Promise<SyncOutcome> {
    const records = await store.all();
    const byKey = new Map(records.map((r) => [r.key, r]));
    let outcome: SyncOutcome = 'done';
    for (const listed of records) {
      if (listed.state !== 'pending' || inFlight.has(listed.key)) continue;
      const needs = [...dependencies(listed.input)].map((key) => byKey.get(key));
      if (needs.some((d) => d === undefined || d.state === 'refused')) {
        const refused = await refuse(listed.key, { status: null, reason: deps.dependencyRefused() });
        if (refused) byKey.set(refused.key, refused);
        continue;
      }
      if (needs.some((d) => d?.state !== 'saved')) continue; // its dependency is still waiting
      const input = resolveRefs(listed.input, (ref) => {
        const saved = byKey.get(ref.$outbox)?.saved;
        return saved && typeof saved === 'object' ? (saved as Record<string, unknown>)[ref.field] : undefined;
      });
      const result = await deps.send({ ...listed, input });
      let next: OutboxRecord | undefined;
      if (result.ok) {
        next = await store.update(listed.key, (r) => ({ ...r, state: 'saved', saved: result.data }));
      } else if (notAnswered(result.error)) {
        outcome = 'offline';
        break;
      } else if (result.error.status === 401 && !result.error.lateSyncRefused && !deps.isLate(listed.route)) {
        // This launch's proof is dead (not the record's): the next open with a fresh one sends it.
        outcome = 'unauthorized';
        break;
      } else {
        const { status, lateSyncRefused } = result.error;
        next = await refuse(listed.key, {
          status,
          reason: deps.describe(result.error),
          ...(lateSyncRefused ? { lateSync: lateSyncRefused } : {}),
        });
      }
      if (next) byKey.set(next.key, next);
      await changed();
    }
    await settle();
    return outcome;
  }

  /**
   * A batch with nothing pending is settled: the chat is told once (saved and refused since the
   * last summary); then its saved records go and its refused ones stay, marked told, until dropped.
   */
  async function settle(): Promise<void> {
    const batches = new Map<string, OutboxRecord[]>();
    for (const r of await store.all()) batches.set(r.batch, [...(batches.get(r.batch) ?? []), r]);
    for (const records of batches.values()) {
      if (records.some((r) => r.state === 'pending' || inFlight.has(r.key))) continue;
      const news = records.filter((r) => r.state === 'saved' || (r.state === 'refused' && !r.reported));
      if (news.length === 0) continue;
      if (deps.summarize && !(await deps.summarize(news))) continue; // told at the next sync
      for (const r of news) {
        if (r.state === 'saved') await store.delete(r.key);
        else await store.update(r.key, (x) => ({ ...x, reported: true }));
      }
    }
    await changed();
  }

  let running: Promise<SyncOutcome> | null = null;

  return {
    keep,
    sendLive,
    hold,
    /** One sync pass at a time: a call meanwhile gets the running pass. */
    sync(): Promise<SyncOutcome> {
      running ??= pass().finally(() => {
        running = null;
      });
      return running;
    },
    /** The DA drops a record (a refused one, after confirming). */
    async drop(key: string): Promise<void> {
      await store.delete(key);
      await changed();
    },
    list: () => store.all(),
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
