import type { ApiError } from '@gebere/api-client';
import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import { useRef, useState } from 'react';
import { describeApiError, noAnswer, withRefusal } from '../api/errors';
import { forgetKey, type KeySlot, keyFor, withRetries } from '../api/idempotent-call';
import { type ApiResult, api } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { loadOutbox } from '../outbox/load';
import type { KeyedSend, OutboxBatch } from '../outbox/save';

export type { KeyedSend, OutboxBatch };

import { type ToastOptions, toast } from '../ui/toast';
import { useBusy } from './use-busy';

/**
 * The one save (lib/outbox/README.md "Writing"): what a press of a screen's main button does with
 * its records (a form's one record, feedback's answers), whatever the network does. One press at
 * a time; each record keyed (the same payload, the same key), kept in the outbox, sent and
 * retried (lib/outbox/save.ts, the outbox's lazy chunk, which reach and adoption call too). Then:
 * refused → a 400's field errors on the fields, the failure text (spec §8) with the server's
 * reason and what no field took (no answer and no outbox: `errors.not_confirmed_kept`; 401:
 * nothing, the screen says to open it again), keys kept; kept → the "kept" toast (kept-toast.ts),
 * done, no hand-back (sync sends it, the chat hears then); saved → keys forgotten, never saved
 * again: `afterSave` until it succeeds, the success toast once, the hand-back until delivered.
 */

/** What a record's send answers: the saved record, or why not (the error and what the screen adds). */
export type Sent<Saved, Failure extends { error: ApiError } = { error: ApiError }> =
  | { ok: true; data: Saved }
  | ({ ok: false } & Failure);

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

/** Each record sent through the outbox (lib/outbox/save.ts), or, where its chunk did not load, only sent. */
async function sendRecords<R>(
  records: readonly { key: string; send(send: KeyedSend): Promise<R> }[],
  batch?: OutboxBatch,
) {
  const live = await loadOutbox().catch(() => null);
  if (live) return live.sendRecords(records, batch);
  return Promise.all(
    records.map(async ({ key, send }) => ({
      result: await send((route, input) =>
        withRetries(() => api.call(route, { ...input, idempotencyKey: key })),
      ),
      kept: false,
    })),
  );
}

/** What the screen is told of a press; `Given`: what its callbacks get of the saved records (all of them). */
export interface SaveOptions<
  Input,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
  Given = Saved[],
> {
  /**
   * The records for this input, or null when they cannot go (the screen already says why); a
   * promise when the screen first looks or asks (the farmer form: a duplicate on the phone's list).
   */
  records(
    input: Input,
  ): readonly SaveRecord<Saved, Failure>[] | null | Promise<readonly SaveRecord<Saved, Failure>[] | null>;
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
  /** A write that must follow the save (the DA's bot user VERIFIED), until it succeeds. */
  afterSave?(saved: Given): Promise<ApiResult<unknown>>;
  /** Told once, right after the save (a form drops its draft). */
  onSaved?(saved: Given): void;
  /** "Register another": a press of `next` saves, then gives the records here (no hand-back) and starts afresh. */
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

/** A save's progress: saved (what), followed up, cheered, handed back. */
const fresh = <Given>(): { saved?: Given; followedUp: boolean; cheered: boolean; handedBack: boolean } => ({
  followedUp: false,
  cheered: false,
  handedBack: false,
});

/** The save of a screen: `save(input, next)` in `run` (one press at a time); `saved` once saved or kept. */
export function useSave<
  Input,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
  Given = Saved[],
>(options: SaveOptions<Input, Saved, Failure, Given>) {
  const latest = useRef(options);
  latest.current = options;
  const progress = useRef(fresh<Given>());
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
      if (failures.length) return refused(failures, input);
      const kept = sent.flatMap((s) => (s.kept && !s.result.ok ? [s.result] : []));
      if (kept.length) {
        const first = keyed[0]?.key ?? '';
        // Queued, not failed: said as it is (no signal, or what the server answered), sent by sync.
        const failure = kept.find((f) => f.error.kind === 'http') ?? kept[0];
        const of = keyed.length === 1 || o.batch ? { key: first } : { batch: batch?.id ?? '' };
        const errors = kept.map((f) => f.error);
        const text = failure && o.failureText(failure);
        void loadOutbox().then((m) => m.toastKept(of, errors, text, o.toastOptions));
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
