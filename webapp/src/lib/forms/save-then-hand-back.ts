import type { CallInput, CallOutput } from '@gebere/api-client';
import type { RouteName } from '@gebere/contract';
import { useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { describeApiError, noAnswer, withRefusal } from '../api/errors';
import { forgetKey, type KeySlot, keyFor, memorySlot } from '../api/idempotent-call';
import type { ApiError, ApiResult } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { loadOutbox } from '../outbox/load';
import { type ToastOptions, toast } from '../ui/toast';
import { applyFieldErrors } from './field-errors';
import { useRefusedFix } from './fix';
import { type OutboxBatch, sendKeyed, wasKept } from './send-keyed';
import { useBusy } from './use-busy';

/**
 * Save once, then hand back: how every screen that writes one record (DA, farmer, development
 * group, report user, notification) turns a press of its main button into exactly one record and
 * one summary in the chat, whatever the network does.
 *
 * 1. One press at a time (a double tap or the keyboard's Go while saving does nothing).
 * 2. Until the record is saved: the submission is sent through sendKeyed (send-keyed.ts) with one
 *    `Idempotency-Key` per intended submission (kept while the payload stays the same, in memory
 *    or the screen's own slot), retried while no definite answer comes. A retry after a lost
 *    answer therefore replays the saved record instead of adding a second one.
 *    Before it goes, the write is kept in the outbox (lib/outbox/README.md), on the phone.
 * 3. The answer:
 *    - no answer even after the retries, the write kept in the outbox: the save is queued, not
 *      failed. `common.outbox.kept_offline` says so (or, when the server answered a 5xx, the
 *      screen's failure text, 'Request failed with status code N' and that the record is kept
 *      and will be sent again), the form is done (`saved`) and sync sends the record later;
 *      the chat gets its summary then (no hand-back now);
 *    - no answer and no outbox (IndexedDB missing): maybe saved, maybe not.
 *      `errors.not_confirmed_kept` says so, names the button to press again, and the form and
 *      its key are kept;
 *    - 401: nothing (the screen switches to "open it again from the bot");
 *    - refused (400, 403, …): a 400's field errors go on the form's fields; the screen's failure
 *      text is toasted with the server's reason (403/429) and the messages no field took. The key
 *      is kept: the server stores no refusal, and a changed payload gets a new key;
 *    - saved: the record is kept and the key forgotten; from now on a press never saves again.
 * 4. A follow-up write, when the screen has one (`afterSave`), until it succeeds.
 * 5. The success toast, once.
 * 6. The hand-back to the chat (sendData or the companion server, then close), until it is
 *    delivered; after that a press does nothing.
 *
 * An unexpected throw (a chunk that did not download) is a network-error toast.
 */

/** sendKeyed (send-keyed.ts) with the submission's key already chosen: what a submission sends with. */
export type KeyedSend = <N extends RouteName>(
  route: N,
  input: CallInput<N>,
) => Promise<ApiResult<CallOutput<N>>>;

/** What a submission's send answers: the saved record, or why not (the error and what the screen adds). */
export type Sent<Saved, Failure extends { error: ApiError } = { error: ApiError }> =
  | { ok: true; data: Saved }
  | ({ ok: false } & Failure);

export type { OutboxBatch };

export interface Submission<Saved, Failure extends { error: ApiError } = { error: ApiError }> {
  /** What is saved. The same payload again is the same submission, sent with the same key. */
  payload: unknown;
  /** Sends it with `send` (the contract route and input, keyed); several calls may share the key. */
  send(send: KeyedSend): Promise<Sent<Saved, Failure>>;
}

export interface SaveOptions<Input, Saved, Failure extends { error: ApiError } = { error: ApiError }> {
  /** The submission for this input, or null when it cannot go (the screen already says why). */
  submission(input: Input): Submission<Saved, Failure> | null;
  /** The screen's failure text (spec §8); the server's reason for a 403/429 is added to it. */
  failureText(failure: Failure): string;
  /** The label of the button to press again, named when no answer came. */
  button: string;
  /**
   * A write that must follow the save before the hand-back (the DA's bot user becoming VERIFIED).
   * Once it succeeded it is not sent again; while it fails, a press sends only it.
   */
  afterSave?(saved: Saved): Promise<ApiResult<unknown>>;
  /** Told once, right after the save (the farmer form drops its draft). */
  onSaved?(saved: Saved): void;
  /**
   * "Register another" (the farmer form): a press of `submitNext` saves as usual, then, instead of
   * the hand-back, gives the saved record here and starts afresh for the next one. The screen
   * hands the batch back itself when the DA is done.
   */
  onNext?(saved: Saved): void;
  /**
   * Told once when no answer came and the outbox keeps the record to send later (`key`, its
   * record's); `next` when the press was "Register another" (the form starts afresh for the
   * next record).
   */
  onKept?(next: boolean, key: string): void;
  /** Toasted once, when the save (and `afterSave`) succeeded. */
  successText?(saved: Saved): string;
  /** The hand-back of the saved record; false when it did not go (the next press tries again). */
  handBack(saved: Saved): Promise<boolean>;
  /** Where the key is kept; memory by default (the farmer form keeps it in its session draft). */
  keySlot?: KeySlot;
  /** The outbox batch of this press, when the screen groups several saves in one (Register another). */
  batch?(): OutboxBatch;
  /** The screen's toast placement (the farmer screen: top-right for 5000 ms). */
  toastOptions?: Omit<ToastOptions, 'kind'>;
}

interface Progress<Saved> {
  saved?: { record: Saved };
  followedUp: boolean;
  cheered: boolean;
  handedBack: boolean;
}

/** Puts a 400's field errors on the form; returns the messages no field took. */
type FieldErrorSink<Input> = (error: ApiError, input: Input) => string[];

interface ProtocolOptions<Input, Saved, Failure extends { error: ApiError }>
  extends SaveOptions<Input, Saved, Failure> {
  quietFieldErrors?: boolean;
}

function useProtocol<Input, Saved, Failure extends { error: ApiError }>(
  options: ProtocolOptions<Input, Saved, Failure>,
  fieldErrors?: FieldErrorSink<Input>,
) {
  const latest = useRef({ options, fieldErrors });
  latest.current = { options, fieldErrors };
  const ownSlot = useRef<KeySlot | null>(null);
  const progress = useRef<Progress<Saved>>({ followedUp: false, cheered: false, handedBack: false });
  const [saved, setSaved] = useState(false);

  const say = (message: string) => toast.error(message, latest.current.options.toastOptions);
  const notConfirmed = () => say(t('errors.not_confirmed_kept', { button: latest.current.options.button }));

  function refused(failure: Failure, input: Input): void {
    const { options: o, fieldErrors: sink } = latest.current;
    const { error } = failure;
    if (error.status === 401) return; // the screen says to open it again from the bot
    if (noAnswer(error)) {
      notConfirmed();
      return;
    }
    const unmatched = sink ? sink(error, input) : Object.values(error.fieldErrors);
    const allOnFields = unmatched.length === 0 && Object.keys(error.fieldErrors).length > 0;
    if (o.quietFieldErrors && allOnFields) return;
    say([withRefusal(o.failureText(failure), error), ...unmatched].join(' '));
  }

  function followUpFailed(error: ApiError): void {
    if (error.status === 401) return;
    if (noAnswer(error)) {
      notConfirmed();
      return;
    }
    const messages = Object.values(error.fieldErrors);
    say(messages.length ? messages.join(', ') : describeApiError(error));
  }

  async function saveThenHandBack(input: Input, next = false): Promise<void> {
    const o = latest.current.options;
    const p = progress.current;
    if (p.handedBack) return;
    if (!p.saved) {
      const submission = o.submission(input);
      if (!submission) return;
      ownSlot.current ??= memorySlot();
      const slot = o.keySlot ?? ownSlot.current;
      const key = keyFor(slot, submission.payload);
      const batch = o.batch?.();
      const sent = await submission.send((route, call) => sendKeyed(route, call, key, batch));
      if (!sent.ok && wasKept(key)) {
        // No signal: the outbox keeps it and sync sends it; the chat hears of it then.
        forgetKey(slot);
        // Said as it is: no signal, or what the server answered (a 5xx) and that it goes again.
        void loadOutbox().then((m) =>
          m.toastKept({ key }, o.toastOptions, { error: sent.error, failure: o.failureText(sent) }),
        );
        // "Register another": the form starts afresh; otherwise it is done (no hand-back now).
        if (!(next && o.onNext)) {
          p.handedBack = true;
          setSaved(true);
        }
        o.onKept?.(next && o.onNext !== undefined, key);
        return;
      }
      if (!sent.ok) {
        refused(sent, input);
        return;
      }
      p.saved = { record: sent.data };
      forgetKey(slot);
      o.onSaved?.(sent.data);
      setSaved(true);
    }
    const { record } = p.saved;
    if (o.afterSave && !p.followedUp) {
      const answer = await o.afterSave(record);
      if (!answer.ok) {
        followUpFailed(answer.error);
        return;
      }
      p.followedUp = true;
    }
    if (!p.cheered) {
      p.cheered = true;
      const text = o.successText?.(record);
      if (text) toast.success(text, o.toastOptions);
    }
    if (next && o.onNext) {
      o.onNext(record);
      progress.current = { followedUp: false, cheered: false, handedBack: false };
      setSaved(false);
      return;
    }
    p.handedBack = await o.handBack(record);
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

  return { run, busy, saved, saveThenHandBack };
}

/**
 * The protocol for a write without a form (the notification's Remove). `run()` saves and hands
 * back; `busy` while it runs; `saved` once the record is saved.
 */
export function useSaveThenHandBack<Saved, Failure extends { error: ApiError } = { error: ApiError }>(
  options: SaveOptions<void, Saved, Failure>,
): { run: () => Promise<void>; busy: boolean; saved: boolean } {
  const { run, busy, saved, saveThenHandBack } = useProtocol(options);
  return { run: () => run(() => saveThenHandBack()), busy, saved };
}

/** The form's fields a 400 may name, and the payload's names that the form calls otherwise. */
export interface FieldMap<V extends FieldValues> {
  names: readonly Path<V>[];
  rename?: Record<string, Path<V>>;
}

export interface FormSaveOptions<V extends FieldValues, Output, Saved, Failure extends { error: ApiError }>
  extends SaveOptions<Output, Saved, Failure> {
  /** Where a 400's field errors go; a function when it depends on the values (hidden fields). */
  fields: FieldMap<V> | ((values: Output) => FieldMap<V>);
  /**
   * A 400 whose messages all found their fields is said by the fields alone (the farmer
   * screen). By default the failure text is toasted as well (spec §8: "on 400, with field errors").
   */
  quietFieldErrors?: boolean;
  /**
   * The form's values for a refused record's kept input (its payload), when the screen is opened
   * to fix one (fix.ts); null when the input does not fit the form. Without it, no fix here.
   */
  fix?(input: Record<string, unknown>): V | null;
}

/**
 * The protocol for a react-hook-form form: `submit()` validates (the resolver may first fetch the
 * schema's chunk), then saves and hands back. Give it to the main button and to `<SubmitForm>`
 * (the keyboard's Go); `busy` is the button's spinner, `saved` locks what may no longer change.
 */
export function useFormSaveThenHandBack<
  V extends FieldValues,
  Output,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
>(
  form: Pick<UseFormReturn<V, unknown, Output>, 'handleSubmit' | 'setError' | 'reset'>,
  options: FormSaveOptions<V, Output, Saved, Failure>,
): { submit: () => Promise<void>; submitNext: () => Promise<void>; busy: boolean; saved: boolean } {
  const fieldsOf = (values: Output) =>
    typeof options.fields === 'function' ? options.fields(values) : options.fields;
  // Opened to fix a refused record: its input on the fields, the server's errors beside them.
  const fix = useRefusedFix((input, refusal) => {
    const values = options.fix?.(input);
    if (!values) return;
    form.reset(values);
    const map = fieldsOf(values as unknown as Output);
    if (refusal.fieldErrors) applyFieldErrors(form.setError, refusal.fieldErrors, map.names, map.rename);
  });
  const replaced = options.fix ? fix.done : () => undefined;
  const protocol: typeof options = {
    ...options,
    onSaved: (record) => {
      options.onSaved?.(record);
      replaced();
    },
    onKept: (next, key) => {
      options.onKept?.(next, key);
      replaced();
    },
  };
  const { run, busy, saved, saveThenHandBack } = useProtocol(protocol, (error, values) => {
    const map = fieldsOf(values);
    return applyFieldErrors(form.setError, error.fieldErrors, map.names, map.rename);
  });
  return {
    submit: () => run(form.handleSubmit((values) => saveThenHandBack(values))),
    // Saves, then starts the next record (options.onNext) instead of handing back.
    submitNext: () => run(form.handleSubmit((values) => saveThenHandBack(values, true))),
    busy,
    saved,
  };
}
