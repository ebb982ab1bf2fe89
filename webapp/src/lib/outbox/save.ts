import type { ApiError, ApiResult, CallInput, CallOutput } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { RouteName } from '@gebere/contract';
import { describeApiError, noAnswer, withRefusal } from '../api/errors';
import { forgetKey, keyFor, partKeys, withRetries } from '../api/idempotent-call';
import { api } from '../api/lazy-client';
import { freshProgress, type SaveState } from '../forms/save';
import { t } from '../i18n/texts';
import { toast } from '../ui/toast';
import { toastKept } from './kept-toast';
import { keep, sendThrough, syncLater } from './live';

/**
 * The one save's press (lib/forms/save.ts holds its state, README.md "Writing"), in the outbox's
 * lazy chunk (fetched after every screen's first paint): every screen's records go through here,
 * keyed and kept first.
 */

/** One keyed call: kept in the outbox, sent with retries; `queued`: no answer, sync sends it later. */
export type PartSend = <N extends RouteName>(
  route: N,
  input: CallInput<N>,
) => Promise<{ result: ApiResult<CallOutput<N>>; queued: boolean }>;

/**
 * What a record sends with. Called, it is the record's own call (its key already chosen; several
 * calls may share it). A record sent as many calls (reach's pairs: a batch call, or a call per
 * pair) sends each with `part`, each its own key and outbox entry (the same call again: the same
 * key). `later` keeps a call that names a record still waiting on the phone, never sent by the
 * press (it never waits on sync): sync sends it once that record is saved; false where there is
 * no outbox.
 */
export interface KeyedSend {
  <N extends RouteName>(route: N, input: CallInput<N>): Promise<ApiResult<CallOutput<N>>>;
  part: PartSend;
  later<N extends RouteName>(route: N, input: CallInput<N>): Promise<boolean>;
}

/** The outbox batch a save belongs to ("Register another": one batch, open until the DA is done). */
export interface OutboxBatch {
  id: string;
  open: boolean;
}

/** The sender of a record keyed `key`, through the outbox; `onQueued`: its own call got no answer. */
function keyedSend(key: string, batch: OutboxBatch | undefined, onQueued: () => void): KeyedSend {
  const through = async <N extends RouteName>(k: string, route: N, input: CallInput<N>) => {
    const send = (given: unknown) =>
      withRetries(() => api.call(route, { ...(given as typeof input), idempotencyKey: k }));
    const entry = { key: k, route, input: input as Record<string, unknown> };
    // `given`: the input with the saved ids of the kept records it names (a group kept offline).
    const sent = await sendThrough(batch ? { ...entry, batch: batch.id, open: batch.open } : entry, send);
    return { result: sent.result as ApiResult<CallOutput<N>>, queued: sent.queued };
  };
  const partKey = partKeys();
  const call = async <N extends RouteName>(route: N, input: CallInput<N>) => {
    const sent = await through(key, route, input);
    if (sent.queued) onQueued();
    return sent.result;
  };
  return Object.assign(call, {
    part: <N extends RouteName>(route: N, input: CallInput<N>) =>
      through(partKey([route, input]), route, input),
    async later<N extends RouteName>(route: N, input: CallInput<N>) {
      const entry = { key: newIdempotencyKey(), route, input: input as Record<string, unknown> };
      const kept = await keep(batch ? { ...entry, batch: batch.id, open: batch.open } : entry);
      syncLater();
      return kept !== null;
    },
  });
}

/**
 * A press's records, all at once: each of its calls kept, then sent with retries (`sendThrough`);
 * `kept`: no answer (or waiting for another record), so the outbox keeps it for sync.
 */
function sendRecords<R>(
  records: readonly { key: string; send(send: KeyedSend): Promise<R> }[],
  batch: OutboxBatch | undefined,
): Promise<{ result: R; kept: boolean }[]> {
  return Promise.all(
    records.map(async ({ key, send }) => {
      let kept = false;
      const result = await send(
        keyedSend(key, batch, () => {
          kept = true;
        }),
      );
      return { result, kept };
    }),
  );
}

/**
 * A press of a screen's save (lib/forms/save.ts `useSave`, which holds its state): its records
 * kept and sent, then refused, kept or saved, followed up, cheered and handed back.
 */
export async function press<Input, Saved, Failure extends { error: ApiError }, Given>(
  state: SaveState<Input, Saved, Failure, Given>,
  input: Input,
  next: boolean,
): Promise<void> {
  const o = state.options;
  const say = (message: string) => void toast.error(message, o.toastOptions);
  const notConfirmed = () => say(t('errors.not_confirmed_kept', { button: o.button }));

  function refused(failures: Failure[]) {
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

  if (state.progress.current.saved && o.more?.(input)) state.progress.current = freshProgress();
  const p = state.progress.current;
  if (p.handedBack) return;
  if (!p.saved) {
    const records = await o.records(input);
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
    if (failures.length) return refused(failures);
    const kept = sent.flatMap((s) => (s.kept && !s.result.ok ? [s.result] : []));
    if (kept.length) {
      const first = keyed[0]?.key ?? '';
      // Queued, not failed: said as it is (no signal, or what the server answered), sent by sync.
      const failure = kept.find((f) => f.error.kind === 'http') ?? kept[0];
      const of = keyed.length === 1 || o.batch ? { key: first } : { batch: batch?.id ?? '' };
      const errors = kept.map((f) => f.error);
      void toastKept(of, errors, failure && o.failureText(failure), o.toastOptions);
      // "Register another": the form starts afresh; otherwise it is done (no hand-back now).
      if (!(next && o.onNext)) {
        p.handedBack = true;
        state.setSaved(true);
      }
      o.onKept?.(next && o.onNext !== undefined, first);
      return;
    }
    const all = sent.flatMap((s) => (s.result.ok ? [s.result.data] : []));
    p.saved = o.given ? o.given(all) : (all as Given);
    o.onSaved?.(p.saved);
    state.setSaved(true);
  }
  const records = p.saved as Given;
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
    state.progress.current = freshProgress();
    state.setSaved(false);
    return;
  }
  p.handedBack = await o.handBack(records);
}
