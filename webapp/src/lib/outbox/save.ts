import type { ApiError, ApiResult, CallInput, CallOutput } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { RouteName } from '@gebere/contract';
import { describeApiError, noAnswer, withRefusal } from '../api/errors';
import { forgetKey, type KeySlot, keyFor, memorySlot, withRetries } from '../api/idempotent-call';
import { api } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { type ToastOptions, toast } from '../ui/toast';
import { toastKept } from './kept-toast';
import { sendThrough } from './live';

/**
 * The save core: how every screen turns a press into its records on the server and one word in
 * the chat, whatever the network does (README.md "Saving"). A press has N keyed records (a form's
 * one, a feedback answer per question, reach and adoption's batches of pairs):
 *
 * 1. One `Idempotency-Key` per record, kept while its payload stays the same (in memory or the
 *    screen's slot): a retry after a lost answer replays the saved record instead of adding one.
 * 2. Every record kept in the outbox first, then sent by the screen, retried while no definite
 *    answer comes, a few on the wire at once.
 * 3. Each record ends saved, kept (no answer: the outbox sends it when the signal returns),
 *    refused (the server's no), or unconfirmed (no answer and no outbox: maybe saved).
 * 4. Told: a failure is toasted (a 400's field errors go where the screen puts them, a 401 is the
 *    screen's own "open it again"); kept records get the "kept" toast; once all is saved, a
 *    follow-up write (`afterSave`), the success toast once, then the hand-back until delivered.
 *    Reach and adoption (`partial`, spec §4) hand back whatever was answered, counted.
 *
 * A record saved or kept is never sent again by a later press of the same screen.
 */

/** A keyed, retried send of one record (its key chosen by the core): what a record sends with. */
export type KeyedSend = <N extends RouteName>(
  route: N,
  input: CallInput<N>,
) => Promise<ApiResult<CallOutput<N>>>;

/**
 * What a record's send answers: its saved value, or why not (the error and what the screen adds).
 * `more`: records this answer adds to the press (the pairs a batch answer left out); on a failure,
 * the records sent instead of this one (single calls for a backend without the batch route).
 */
export type Sent<T, F extends { error: ApiError } = { error: ApiError }> = (
  | { ok: true; data: T }
  | ({ ok: false } & F)
) & { more?: SaveRecord<T, F>[] };

export interface SaveRecord<T, F extends { error: ApiError } = { error: ApiError }> {
  /** The record across presses (a question, the form's one); default: its place in the press. */
  id?: string;
  /** What is saved: the same payload again is the same record, sent with the same key. */
  payload: unknown;
  /** Sends it with `send` (the contract route and input, keyed); several calls may share the key. */
  send(send: KeyedSend): Promise<Sent<T, F>>;
  /** Where its key is kept (a form's draft); memory by default. */
  keySlot?: KeySlot;
  /** How many of the screen's records it stands for (a batch of pairs): progress, the "kept" toast. */
  count?: number;
}

export type Outcome<T, F extends { error: ApiError } = { error: ApiError }> = {
  record: SaveRecord<T, F>;
  key: string;
} & (
  | { state: 'saved'; data: T }
  | { state: 'kept' | 'refused' | 'unconfirmed'; failure: F }
  | { state: 'replaced' }
);

/** The outbox batch of a press, when the screen groups several presses in one (Register another). */
export interface OutboxBatch {
  id: string;
  open: boolean;
}

/** How a press's records leave the app (the benchmark gives its own `call`). */
export interface SendOptions {
  batch?: OutboxBatch;
  /** The retries of one call; default withRetries (1 s, 3 s). */
  retry?: <T>(send: () => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;
  /** Calls on the wire at once. */
  concurrency?: number;
  /** Records answered so far (by their `count`), of all. */
  onProgress?(done: number, total: number): void;
  call?: typeof api.call;
}

/** Runs at most `n` of the given tasks at once, in the order asked. */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <R>(task: () => Promise<R>): Promise<R> => {
    if (running >= n) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

const weight = (r: { count?: number }) => r.count ?? 1;

/**
 * Sends the records (each given its key), each kept in the outbox before it goes: all of them
 * are kept at once, only the calls wait for their turn, so a closed app loses none.
 */
export async function sendRecords<T, F extends { error: ApiError }>(
  records: readonly { record: SaveRecord<T, F>; key: string }[],
  options: SendOptions = {},
): Promise<Outcome<T, F>[]> {
  const { retry = withRetries, call = api.call, onProgress } = options;
  const wire = limiter(options.concurrency ?? 6);
  const total = records.reduce((n, r) => n + weight(r.record), 0);
  let done = 0;
  onProgress?.(0, total);
  const one = async (record: SaveRecord<T, F>, key: string): Promise<Outcome<T, F>[]> => {
    let queued = false;
    const send: KeyedSend = async (route, input) => {
      const batch = options.batch ? { batch: options.batch.id, open: options.batch.open } : {};
      const entry = { key, route, input: input as Record<string, unknown>, ...batch };
      // `given`: the input with the saved ids of the kept records it names (a group kept offline).
      const sent = await sendThrough(entry, (given) =>
        wire(() => retry(() => call(route, { ...(given as CallInput<typeof route>), idempotencyKey: key }))),
      );
      queued = sent.queued;
      return sent.result;
    };
    const sent = await record.send(send);
    const more = (sent.more ?? []).map((r) => ({ record: r, key: newIdempotencyKey() }));
    done += weight(record) - more.reduce((n, r) => n + weight(r.record), 0);
    onProgress?.(done, total);
    const outcome: Outcome<T, F> = sent.ok
      ? { record, key, state: 'saved', data: sent.data }
      : more.length
        ? { record, key, state: 'replaced' }
        : {
            record,
            key,
            state: queued ? 'kept' : noAnswer(sent.error) ? 'unconfirmed' : 'refused',
            failure: sent,
          };
    const after = await Promise.all(more.map((r) => one(r.record, r.key)));
    return [outcome, ...after.flat()];
  };
  return (await Promise.all(records.map((r) => one(r.record, r.key)))).flat();
}

/** What a screen keeps of its saves across presses (newSession, once per screen). */
export interface SaveSession<T, F extends { error: ApiError }> {
  /** Records saved or kept, by id, with the payload they had: not sent again. */
  settled: Map<string, { payload: string; outcome: Outcome<T, F> }>;
  slots: Map<string, KeySlot>;
  /** The last press's outcomes: a press with nothing new to send tells them again. */
  last: Outcome<T, F>[];
  /**
   * All saved (not `partial`): a press only follows up and hands back. Present even when unset:
   * Register another assigns a fresh session over this one, and that must clear it.
   */
  saved: Outcome<T, F>[] | undefined;
  followedUp: boolean;
  cheered: boolean;
  /** Handed back, or kept for sync: a press does nothing more. */
  done: boolean;
}

export const newSession = <T, F extends { error: ApiError }>(): SaveSession<T, F> => ({
  settled: new Map(),
  slots: new Map(),
  last: [],
  saved: undefined,
  followedUp: false,
  cheered: false,
  done: false,
});

export interface PressOptions<Input, T, F extends { error: ApiError } = { error: ApiError }>
  extends Omit<SendOptions, 'batch'> {
  /** The press's records, or null when nothing can go (the screen already says why). */
  records(input: Input): SaveRecord<T, F>[] | null;
  /** The screen's failure text (spec §8); the server's reason for a 403/429 is added to it. */
  failureText?(failure: F): string;
  /** The label of the button to press again, named when no answer came. */
  button: string;
  /** Puts a 400's field errors on the form; returns the messages no field took (default: all). */
  fieldErrors?(error: ApiError, input: Input): string[];
  /** A 400 whose messages all found their fields is said by the fields alone (the farmer screen). */
  quietFieldErrors?: boolean;
  /**
   * Spec §4 (reach and adoption): the hand-back counts what was saved and what failed, and goes
   * whatever was answered; only a press of which nothing was answered waits for sync's summary.
   */
  partial?: boolean;
  /** A write that must follow the save before the hand-back; while it fails, a press sends only it. */
  afterSave?(saved: T[]): Promise<ApiResult<unknown>>;
  /** Told once, right after the save (a form drops its draft). */
  onSaved?(saved: T[]): void;
  /** "Register another": the press saved, and instead of the hand-back the screen starts afresh. */
  onNext?(saved: T[]): void;
  /** Told once when the outbox keeps the press for sync (`key`: a kept record's); `next` as onNext. */
  onKept?(next: boolean, key: string): void;
  /** Told when a press leaves something unsaved (partial: anything not saved). */
  onFailed?(): void;
  /** Toasted once, when everything was saved (and `afterSave` succeeded). */
  successText?(saved: T[]): string;
  /** The hand-back; false when it did not go (the next press tries again). */
  handBack(saved: T[], outcomes: Outcome<T, F>[]): Promise<boolean>;
  /** The outbox batch of this press; default, a batch of its own. */
  batch?(): OutboxBatch;
  /** The screen's toast placement (the farmer screen: top-right for 5000 ms). */
  toastOptions?: Omit<ToastOptions, 'kind'>;
}

/** How a press ended: for the screen's button ('failed': say Try Again). */
export type PressEnd = 'nothing' | 'failed' | 'kept' | 'next' | 'saved' | 'handed';

const savedOf = <T>(outcomes: readonly Outcome<T, { error: ApiError }>[]) =>
  outcomes.flatMap((o) => (o.state === 'saved' ? [o.data] : []));

/** Says why a press failed: no answer, or the first refusal (its 400's messages on the fields). */
function sayFailed<Input, T, F extends { error: ApiError }>(
  o: PressOptions<Input, T, F>,
  failed: Outcome<T, F>[],
  input: Input,
): void {
  const say = (message: string) => toast.error(message, o.toastOptions);
  const first = failed.find((x) => x.state === 'refused') ?? failed[0];
  if (!first || !('failure' in first)) return;
  const { error } = first.failure;
  if (first.state === 'unconfirmed') return void say(t('errors.not_confirmed_kept', { button: o.button }));
  if (error.status === 401) return; // the screen says to open it again from the bot
  const unmatched = o.fieldErrors ? o.fieldErrors(error, input) : Object.values(error.fieldErrors);
  const allOnFields = unmatched.length === 0 && Object.keys(error.fieldErrors).length > 0;
  if (o.quietFieldErrors && allOnFields) return;
  const text = o.failureText ? withRefusal(o.failureText(first.failure), error) : describeApiError(error);
  say([text, ...unmatched].join(' '));
}

function followUpFailed(
  error: ApiError,
  o: { button: string; toastOptions?: Omit<ToastOptions, 'kind'> },
): void {
  if (error.status === 401) return;
  const messages = Object.values(error.fieldErrors);
  toast.error(
    noAnswer(error)
      ? t('errors.not_confirmed_kept', { button: o.button })
      : messages.length
        ? messages.join(', ')
        : describeApiError(error),
    o.toastOptions,
  );
}

/** Sends what of the press is not settled yet, remembering what got saved or kept. */
async function sendPress<Input, T, F extends { error: ApiError }>(
  s: SaveSession<T, F>,
  o: PressOptions<Input, T, F>,
  records: SaveRecord<T, F>[],
  batch: OutboxBatch,
): Promise<Outcome<T, F>[]> {
  const planned = records.map((record, i) => {
    const id = record.id ?? String(i);
    const payload = JSON.stringify(record.payload);
    const was = s.settled.get(id);
    if (was?.payload === payload) return { id, payload, outcome: was.outcome };
    const slot = record.keySlot ?? s.slots.get(id) ?? memorySlot();
    s.slots.set(id, slot);
    return { id, payload, slot, record, key: keyFor(slot, record.payload) };
  });
  const fresh = planned.flatMap((p) => (p.record ? [{ record: p.record, key: p.key }] : []));
  const sent = await sendRecords(fresh, { ...o, batch });
  for (const p of planned) {
    const outcome = sent.find((x) => x.key === p.key);
    if (p.slot && (outcome?.state === 'saved' || outcome?.state === 'kept')) {
      forgetKey(p.slot);
      s.settled.set(p.id, { payload: p.payload, outcome });
    }
  }
  const reused = planned.flatMap((p) => (p.outcome ? [p.outcome] : []));
  return [...reused, ...sent];
}

/**
 * One press: sends the press's records that are not settled, then tells (toasts, the follow-up,
 * the hand-back). One press at a time is the caller's (useBusy).
 */
export async function press<Input, T, F extends { error: ApiError }>(
  s: SaveSession<T, F>,
  o: PressOptions<Input, T, F>,
  input: Input,
  next = false,
): Promise<PressEnd> {
  if (s.done) return 'nothing';
  let outcomes = s.saved;
  if (!outcomes || o.partial) {
    const records = o.records(input);
    if (!records) return 'nothing';
    const batch = o.batch?.() ?? { id: newIdempotencyKey(), open: false };
    outcomes = records.length ? await sendPress(s, o, records, batch) : s.last;
    s.last = outcomes;
    const of = (...states: Outcome<T, F>['state'][]) =>
      outcomes?.filter((x) => states.includes(x.state)) ?? [];
    const kept = of('kept');
    const failed = of('refused', 'unconfirmed');
    if (!o.partial && failed.length) {
      sayFailed(o, failed, input);
      o.onFailed?.();
      return 'failed';
    }
    if (o.partial && (failed.length || kept.length)) o.onFailed?.();
    const [first] = kept;
    if (first && 'failure' in first) {
      // Said as it is: no signal, or what the server answered (a 5xx) and that it goes again.
      const errors = kept.flatMap((x) => ('failure' in x ? [x.failure.error] : []));
      toastKept(kept.length === 1 ? { key: first.key } : { batch: batch.id }, o.toastOptions, {
        error: errors.find((e) => e.kind === 'http') ?? first.failure.error,
        ...(o.failureText ? { failure: o.failureText(first.failure) } : {}),
        count: kept.reduce((n, x) => n + weight(x.record), 0),
      });
      const again = next && o.onNext !== undefined;
      if (!o.partial) {
        // "Register another": the form starts afresh; otherwise it is done (no hand-back now).
        Object.assign(s, again ? newSession() : { done: true });
        o.onKept?.(again, first.key);
        return again ? 'next' : 'kept';
      }
      // Nothing answered at all (no signal): the chat hears of it when the outbox syncs; a
      // hand-back now would only fail for want of signal too.
      if (kept.length === outcomes.filter((x) => x.state !== 'replaced').length) return 'kept';
    }
    if (!o.partial) {
      s.saved = outcomes;
      o.onSaved?.(savedOf(outcomes));
    }
  }
  const saved = savedOf(outcomes);
  if (o.afterSave && !s.followedUp) {
    const answer = await o.afterSave(saved);
    if (!answer.ok) {
      followUpFailed(answer.error, o);
      return 'saved';
    }
    s.followedUp = true;
  }
  if (!s.cheered) {
    s.cheered = true;
    const text = outcomes.every((x) => x.state === 'saved') && o.successText?.(saved);
    if (text) toast.success(text, o.toastOptions);
  }
  if (next && o.onNext) {
    o.onNext(saved);
    Object.assign(s, newSession());
    return 'next';
  }
  s.done = await o.handBack(saved, outcomes);
  return s.done ? 'handed' : 'saved';
}
