import type { ApiError, ApiResult, CallInput, CallOutput } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { RouteName } from '@gebere/contract';
import { withRetries } from '../api/idempotent-call';
import { api } from '../api/lazy-client';
import { keep, outbox, sendThrough, syncLater } from './live';

/**
 * The outbox's side of the one save (lib/forms/save.ts, README.md "Writing"), in the outbox's
 * lazy chunk: every screen's records go through here, keyed and kept first. Reach and adoption
 * load it as the forms do (`loadOutbox`), not the form kit.
 */

/** A keyed call through the outbox, the record's key already chosen: what a record sends with. */
export type KeyedSend = <N extends RouteName>(
  route: N,
  input: CallInput<N>,
) => Promise<ApiResult<CallOutput<N>>>;

/** The outbox batch a save belongs to ("Register another": one batch, open until the DA is done). */
export interface OutboxBatch {
  id: string;
  open: boolean;
}

/**
 * A press's records, all at once: each of its calls kept, then sent with retries (`sendThrough`);
 * `kept`: no answer (or waiting for another record), so the outbox keeps it for sync.
 */
export function sendRecords<R>(
  records: readonly { key: string; send(send: KeyedSend): Promise<R> }[],
  batch: OutboxBatch | undefined,
): Promise<{ result: R; kept: boolean }[]> {
  return Promise.all(
    records.map(async ({ key, send }) => {
      let kept = false;
      const result = await send(async (route, input) => {
        const entry = { key, route, input: input as Record<string, unknown> };
        // `given`: the input with the saved ids of the kept records it names (a group kept offline).
        const sent = await sendThrough(
          batch ? { ...entry, batch: batch.id, open: batch.open } : entry,
          (given) => withRetries(() => api.call(route, { ...(given as typeof input), idempotencyKey: key })),
        );
        kept = sent.queued;
        return sent.result as ApiResult<never>;
      });
      return { result, kept };
    }),
  );
}

/** A contract call and its input: what the outbox keeps of a record. */
export interface Call {
  route: RouteName;
  input: Record<string, unknown>;
}

/** A record the screen sends with its own engine (reach and adoption's pairs). */
export interface HeldRecord extends Call {
  key: string;
}

/**
 * Keeps records the screen sends with its own engine (reach and adoption's batch records), one
 * outbox batch, held from sync while it sends them. After the send, `settle` each: what got no
 * answer stays (`rest`) for sync, the rest goes. Null where there is no outbox (only sent).
 */
export async function keepHeld(records: readonly HeldRecord[], batch: string) {
  const box = await outbox();
  if (!box) return null;
  const release = box.hold(records.map((r) => r.key));
  for (const r of records)
    if (!(await keep({ ...r, batch }))) {
      release();
      return null;
    }
  return {
    /**
     * After the screen's send: `rest` are the calls of `record` still unanswered (the same route:
     * the record shrinks to it, same key; else new records). `error`: what the server answered
     * them when it did (a 5xx), for the status line.
     */
    async settle(record: HeldRecord, rest: readonly Call[], error?: ApiError): Promise<void> {
      const same = rest.length === 1 && rest[0]?.route === record.route;
      if (!same) await box.drop(record.key);
      for (const call of rest) {
        const key = same ? record.key : newIdempotencyKey();
        await (same ? box.keep({ key, ...call, batch }) : keep({ key, ...call, batch }));
        if (error) await box.unanswered(key, error);
      }
      if (rest.length) syncLater();
    },
    /** Lets sync send them again. */
    release,
  };
}

/**
 * Keeps records that name one still waiting on the phone (reach for a farmer registered offline):
 * never sent by the press, so it never waits on sync for them (its summary would then count them
 * saved): sync sends each once the record it names is saved, and the batch's `records_synced`
 * tells the chat. The records kept (none where there is no outbox).
 */
export async function keepLater(records: readonly HeldRecord[], batch: string): Promise<HeldRecord[]> {
  const kept: HeldRecord[] = [];
  for (const r of records) if (await keep({ ...r, batch })) kept.push(r);
  if (records.length) syncLater();
  return kept;
}
