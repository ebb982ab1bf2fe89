import type { ApiError } from '@gebere/api-client';
import { useRef, useState } from 'react';
import type { KeySlot } from '../api/idempotent-call';
import type { ApiResult } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { loadOutbox } from '../outbox/load';
import type { KeyedSend, OutboxBatch } from '../outbox/save';
import { type ToastOptions, toast } from '../ui/toast';
import { useBusy } from './use-busy';

export type { KeyedSend, OutboxBatch };

/**
 * The one save (lib/outbox/README.md "Writing"): what a press of a screen's main button does with
 * its records (a form's one record, feedback's answers, reach's pairs), whatever the network does.
 * One press at a time; each record keyed (the same payload, the same key), kept in the outbox, sent and
 * retried (lib/outbox/save.ts `press`, in the outbox's lazy chunk). Then:
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
  successText?(saved: Given): string | undefined;
  /** The hand-back of the saved records; false when it did not go (the next press tries again). */
  handBack(saved: Given): Promise<boolean>;
  /** The outbox batch of this press (Register another); default: one per press. */
  batch?(): OutboxBatch;
  /**
   * Whether this press has records the last save did not have (reach: pairs chosen after a press
   * whose hand-back failed): they are saved before the hand-back is tried again.
   */
  more?(input: Input): boolean;
  /** The screen's toast placement (the farmer screen: top-right for 5000 ms). */
  toastOptions?: Omit<ToastOptions, 'kind'>;
}

/** A save's progress across presses: saved (what), followed up, cheered, handed back. */
export interface SaveProgress<Given> {
  saved?: Given;
  followedUp: boolean;
  cheered: boolean;
  handedBack: boolean;
}

/** A save with nothing done yet (and again after "Register another"). */
export const freshProgress = <Given>(): SaveProgress<Given> => ({
  followedUp: false,
  cheered: false,
  handedBack: false,
});

/** What a press works on (lib/outbox/save.ts `press`): the screen's options and its save's state. */
export interface SaveState<Input, Saved, Failure extends { error: ApiError }, Given> {
  options: SaveOptions<Input, Saved, Failure, Given>;
  progress: { current: SaveProgress<Given> };
  setSaved(saved: boolean): void;
}

/**
 * The save of a screen: `save(input, next)` in `run` (one press at a time); `saved` once saved or
 * kept. The press itself is in the outbox's chunk (lib/outbox/save.ts `press`), fetched after the
 * first paint of every screen: none of it is on a first load.
 */
export function useSave<
  Input,
  Saved,
  Failure extends { error: ApiError } = { error: ApiError },
  Given = Saved[],
>(options: SaveOptions<Input, Saved, Failure, Given>) {
  const latest = useRef(options);
  latest.current = options;
  const progress = useRef(freshProgress<Given>());
  const [saved, setSaved] = useState(false);
  const state: SaveState<Input, Saved, Failure, Given> = {
    get options() {
      return latest.current;
    },
    progress,
    setSaved,
  };

  const save = async (input: Input, next = false) => (await loadOutbox()).press(state, input, next);

  /** One press at a time; a throw (a chunk that did not download) is said in the screen's place. */
  const { run, busy } = useBusy(async (start: () => Promise<void>) => {
    try {
      await start();
    } catch (error) {
      console.error('submit failed', error);
      toast.error(t('errors.network_error'), latest.current.toastOptions);
    }
  });

  return { run, busy, saved, save };
}
