import type { ApiError, CallInput, CallOutput } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { RouteName } from '@gebere/contract';
import { useRef, useState } from 'react';
import { describeApiError, noAnswer, withRefusal } from '../api/errors';
import { forgetKey, type KeySlot, keyFor, withRetries } from '../api/idempotent-call';
import { type ApiResult, api } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { loadOutbox } from '../outbox/load';
import { type ToastOptions, toast } from '../ui/toast';
import { useBusy } from './use-busy';

/**
 * The one save (lib/outbox/README.md "Writing"): what a press of every screen's main button does
 * with its records (a form's one record, feedback's answers, reach and adoption's pairs), whatever
 * the network does.
 *
 * 1. One press at a time (a double tap or the keyboard's Go while saving does nothing).
 * 2. Each record has its `Idempotency-Key` (kept while its payload stays the same, in memory or the
 *    screen's own slot), is kept in the outbox on the phone first, then sent and retried while no
 *    definite answer comes: a retry after a lost answer replays the saved record.
 * 3. The answer:
 *    - refused (400, 403, …): a 400's field errors go on the form's fields; the screen's failure
 *      text is toasted with the server's reason (403/429) and the messages no field took; no
 *      answer and no outbox (IndexedDB missing): `errors.not_confirmed_kept` names the button to
 *      press again (maybe saved, maybe not); 401: nothing (the screen says to open it again).
 *      Keys are kept: the server stores no refusal, and a changed payload gets a new key;
 *    - kept (no answer after the retries, or a 5xx): queued, not failed. `common.outbox.kept_offline`
 *      says so (or what the server answered and that it is sent again: kept-toast.ts), the save is
 *      done (a press does nothing) and sync sends the records; the chat hears at sync;
 *    - saved: the keys are forgotten; from now on a press never saves again.
 * 4. A follow-up write, when the screen has one (`afterSave`), until it succeeds.
 * 5. The success toast, once; then the hand-back to the chat, until it is delivered.
 *
 * Reach and adoption send their pairs with their own engine (`keepHeld`, `keepLater`) and hand
 * back even when some were refused (spec §4): features/reach-adoption/submit-run.ts.
 */

/** A keyed call through the outbox, the record's key already chosen: what a record sends with. */
export type KeyedSend = <N extends RouteName>(
  route: N,
  input: CallInput<N>,
) => Promise<ApiResult<CallOutput<N>>>;

/** What a record's send answers: the saved record, or why not (the error and what the screen adds). */
export type Sent<Saved, Failure extends { error: ApiError } = { error: ApiError }> =
  | { ok: true; data: Saved }
  | ({ ok: false } & Failure);

/** The outbox batch a save belongs to ("Register another": one batch, open until the DA is done). */
export interface OutboxBatch {
  id: string;
  open: boolean;
}

/** One record of a press. */
export interface SaveRecord<Saved, Failure extends { error: ApiError } = { error: ApiError }> {
  /** What is saved. The same payload again is the same record, sent with the same key. */
  payload: unknown;
  /** Where its key is kept across presses. */
  slot: KeySlot;
  /** Sends it with `send` (the contract route and input, keyed); several calls may share the key. */
  send(send: KeyedSend): Promise<Sent<Saved, Failure>>;
  /** Told once it is saved or kept: it goes no more (feedback's answers sent). */
  done?(): void;
}

/** Each record sent through the outbox (all at once), keyed with `keys`; `kept`: the outbox keeps it for sync. */
async function sendRecords<R>(
  records: readonly { key: string; send(send: KeyedSend): Promise<R> }[],
  batch: OutboxBatch | undefined,
): Promise<{ result: R; kept: boolean }[]> {
  const outbox = await loadOutbox().catch(() => null);
  return Promise.all(
    records.map(async ({ key, send }) => {
      let kept = false;
      const result = await send(async (route, input) => {
        // `given`: the input with the saved ids of the kept records it names (a group kept offline).
        const call = (given: Record<string, unknown> = input as Record<string, unknown>) =>
          withRetries(() => api.call(route, { ...(given as CallInput<typeof route>), idempotencyKey: key }));
        if (!outbox) return call();
        const entry = { key, route, input: input as Record<string, unknown> };
        const sent = await outbox.sendThrough(
          batch ? { ...entry, batch: batch.id, open: batch.open } : entry,
          call,
        );
        kept = sent.queued;
        return sent.result;
      });
      return { result, kept };
    }),
  );
}

/** The "kept" toast of a save (kept-toast.ts): its words from the first server error of the records kept. */
export function sayKept(
  of: { key: string } | { batch: string },
  errors: readonly (ApiError | undefined)[],
  failure?: string,
  options?: Omit<ToastOptions, 'kind'>,
): void {
  const error = errors.find((e) => e?.kind === 'http') ?? errors.find(Boolean);
  const cause = { ...(error ? { error } : {}), ...(failure ? { failure } : {}), count: errors.length };
  void loadOutbox().then((m) => m.toastKept(of, options, cause));
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
  const live = await loadOutbox().catch(() => null);
  const box = await live?.outbox();
  if (!live || !box) return null;
  const release = box.hold(records.map((r) => r.key));
  for (const r of records)
    if (!(await live.keep({ ...r, batch }))) {
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
        await (same ? box.keep({ key, ...call, batch }) : live.keep({ key, ...call, batch }));
        if (error) await box.unanswered(key, error);
      }
      if (rest.length) live.syncLater();
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
  if (!records.length) return [];
  const live = await loadOutbox().catch(() => null);
  if (!live) return [];
  const kept: HeldRecord[] = [];
  for (const r of records) if (await live.keep({ ...r, batch })) kept.push(r);
  live.syncLater();
  return kept;
}

/** What the screen is told of a press; `Given`: what its callbacks get of the saved records (all of them). */
export interface SaveOptions<
  Input,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
  Given = Saved[],
> {
  /** The records for this input, or null when they cannot go (the screen already says why). */
  records(input: Input): readonly SaveRecord<Saved, Failure>[] | null;
  /** What the callbacks get of the saved records (a form: its one record). */
  given?(saved: Saved[]): Given;
  /** The screen's failure text (spec §8); the server's reason for a 403/429 is added to it. */
  failureText(failure: Failure): string;
  /** The label of the button to press again, named when no answer came. */
  button: string;
  /** A 400's field errors onto the form; the messages no field took (default: all of them). */
  fieldErrors?(error: ApiError, input: Input): string[];
  /** A 400 whose messages all found their fields is said by the fields alone (the farmer screen). */
  quietFieldErrors?: boolean;
  /** Told when a press did not save (a refusal, or no answer without an outbox). */
  onFailed?(): void;
  /**
   * A write that must follow the save before the hand-back (the DA's bot user becoming
   * VERIFIED). Once it succeeded it is not sent again; while it fails, a press sends only it.
   */
  afterSave?(saved: Given): Promise<ApiResult<unknown>>;
  /** Told once, right after the save (a form drops its draft). */
  onSaved?(saved: Given): void;
  /**
   * "Register another" (the farmer form): a press of `next` saves as usual, then, instead of the
   * hand-back, gives the saved records here and starts afresh; the screen hands back itself.
   */
  onNext?(saved: Given): void;
  /** Told once the outbox keeps the records (`key`: the first's); `next` for "Register another". */
  onKept?(next: boolean, key: string): void;
  /** Toasted once, when the save (and `afterSave`) succeeded. */
  successText?(saved: Given): string;
  /** The hand-back of the saved records; false when it did not go (the next press tries again). */
  handBack(saved: Given): Promise<boolean>;
  /** The outbox batch of this press (Register another); default: one per press. */
  batch?(): OutboxBatch;
  /** The screen's toast placement (the farmer screen: top-right for 5000 ms). */
  toastOptions?: Omit<ToastOptions, 'kind'>;
}

interface Progress<Given> {
  saved?: Given;
  followedUp: boolean;
  cheered: boolean;
  handedBack: boolean;
}

const fresh = <Given>(): Progress<Given> => ({ followedUp: false, cheered: false, handedBack: false });

/** The save of a screen: `save(input, next)` in `run` (one press at a time); `saved` once saved or kept. */
export function useSave<
  Input,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
  Given = Saved[],
>(options: SaveOptions<Input, Saved, Failure, Given>) {
  const latest = useRef(options);
  latest.current = options;
  const progress = useRef<Progress<Given>>(fresh());
  const [saved, setSaved] = useState(false);

  const say = (message: string) => void toast.error(message, latest.current.toastOptions);
  const notConfirmed = () => say(t('errors.not_confirmed_kept', { button: latest.current.button }));

  function refused(failures: Failure[], input: Input) {
    const o = latest.current;
    o.onFailed?.();
    const failure = failures.find((f) => !noAnswer(f.error));
    if (!failure) return notConfirmed();
    const { error } = failure;
    if (error.status === 401) return; // the screen says to open it again from the bot
    const unmatched = o.fieldErrors ? o.fieldErrors(error, input) : Object.values(error.fieldErrors);
    const allOnFields = unmatched.length === 0 && Object.keys(error.fieldErrors).length > 0;
    if (o.quietFieldErrors && allOnFields) return;
    say([withRefusal(o.failureText(failure), error), ...unmatched].join(' '));
  }

  function followUpFailed(error: ApiError) {
    if (error.status === 401) return;
    if (noAnswer(error)) return notConfirmed();
    const messages = Object.values(error.fieldErrors);
    say(messages.length ? messages.join(', ') : describeApiError(error));
  }

  async function save(input: Input, next = false): Promise<void> {
    const o = latest.current;
    const p = progress.current;
    if (p.handedBack) return;
    if (!p.saved) {
      const records = o.records(input);
      if (!records) return;
      const keyed = records.map((r) => ({ ...r, key: keyFor(r.slot, r.payload) }));
      const batch = o.batch?.() ?? (keyed.length > 1 ? { id: newIdempotencyKey(), open: false } : undefined);
      const sent = await sendRecords(keyed, batch);
      keyed.forEach((r, i) => {
        if (!(sent[i]?.result.ok || sent[i]?.kept)) return;
        forgetKey(r.slot);
        r.done?.();
      });
      const failures = sent.flatMap((s) => (s.result.ok || s.kept ? [] : [s.result]));
      if (failures.length) return refused(failures, input);
      const kept = sent.flatMap((s) => (s.kept && !s.result.ok ? [s.result] : []));
      if (kept.length) {
        const first = keyed[0]?.key ?? '';
        // Queued, not failed: said as it is (no signal, or what the server answered), sent by sync.
        const failure = kept.find((f) => f.error.kind === 'http') ?? kept[0];
        sayKept(
          keyed.length === 1 || o.batch ? { key: first } : { batch: batch?.id ?? '' },
          kept.map((f) => f.error),
          failure && o.failureText(failure),
          o.toastOptions,
        );
        // "Register another": the form starts afresh; otherwise it is done (no hand-back now).
        if (!(next && o.onNext)) {
          p.handedBack = true;
          setSaved(true);
        }
        o.onKept?.(next && o.onNext !== undefined, first);
        return;
      }
      const all = sent.flatMap((s) => (s.result.ok ? [s.result.data] : []));
      p.saved = o.given ? o.given(all) : (all as Given);
      o.onSaved?.(p.saved);
      setSaved(true);
    }
    const records = p.saved;
    if (o.afterSave && !p.followedUp) {
      const answer = await o.afterSave(records);
      if (!answer.ok) return followUpFailed(answer.error);
      p.followedUp = true;
    }
    if (!p.cheered) {
      p.cheered = true;
      const text = o.successText?.(records);
      if (text) toast.success(text, o.toastOptions);
    }
    if (next && o.onNext) {
      o.onNext(records);
      progress.current = fresh();
      setSaved(false);
      return;
    }
    p.handedBack = await o.handBack(records);
  }

  /** One press at a time; a throw (a chunk that did not download) is said in the screen's place. */
  const { run, busy } = useBusy(async (start: () => Promise<void>) => {
    try {
      await start();
    } catch (error) {
      console.error('submit failed', error);
      say(t('errors.network_error'));
    }
  });

  return { run, busy, saved, save };
}
