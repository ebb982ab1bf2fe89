import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { KeySlot } from '../api/idempotent-call';
import type { ApiError } from '../api/lazy-client';
import { t } from '../i18n/texts';
import { loadSave } from '../outbox/load';
import type { KeyedSend, OutboxBatch, PressOptions, SaveSession, Sent } from '../outbox/save';
import { toast } from '../ui/toast';
import { applyFieldErrors } from './field-errors';
import { useRefusedFix } from './fix';
import { useBusy } from './use-busy';

/**
 * The screens' hooks over the save core (lib/outbox/save.ts, loaded after the first paint): one
 * press at a time, `busy` for the button's spinner, `saved` once the press is saved or kept
 * (locks what may no longer change), `failed` when the last press did not get through (the
 * button says Try Again). `useSave` takes a press's records; the forms save one record a press
 * (`useSaveThenHandBack`, and `useFormSaveThenHandBack` with react-hook-form).
 */

export type { KeyedSend, OutboxBatch, Sent };

type Failure = { error: ApiError };

export function useSave<Input, T, F extends Failure = Failure>(options: PressOptions<Input, T, F>) {
  const latest = useRef(options);
  latest.current = options;
  const session = useRef<SaveSession<T, F> | null>(null);
  const [saved, setSaved] = useState(false);
  const [failed, setFailed] = useState(false);
  // The core's chunk, before the first press.
  useEffect(() => void loadSave().catch(() => undefined), []);

  const pressOnce = async (input: Input, next = false) => {
    const o = latest.current;
    const core = await loadSave();
    session.current ??= core.newSession();
    const end = await core.press(
      session.current,
      {
        ...o,
        onSaved: (records) => {
          setSaved(true);
          o.onSaved?.(records);
        },
        onKept: (again, key) => {
          setSaved(!again);
          o.onKept?.(again, key);
        },
        onNext:
          o.onNext &&
          ((records) => {
            setSaved(false);
            o.onNext?.(records);
          }),
      },
      input,
      next,
    );
    if (end !== 'nothing') setFailed(end === 'failed' || end === 'saved');
  };
  // One press at a time; a throw (a chunk that did not download) is said in the screen's place.
  const { run: guard, busy } = useBusy(async (start: () => Promise<void>) => {
    try {
      await start();
    } catch (error) {
      console.error('submit failed', error);
      toast.error(t('errors.network_error'), latest.current.toastOptions);
    }
  });
  const run = (input: Input, next = false) => guard(() => pressOnce(input, next));
  return { run, guard, pressOnce, busy, saved, failed };
}

/** One record a press: what it saves (the same payload is the same record) and how it is sent. */
export interface Submission<Saved, F extends Failure = Failure> {
  payload: unknown;
  send(send: KeyedSend): Promise<Sent<Saved, F>>;
}

type PerRecord = 'records' | 'afterSave' | 'onSaved' | 'onNext' | 'successText' | 'handBack' | 'batch';

export interface SaveOptions<Input, Saved, F extends Failure = Failure>
  extends Omit<PressOptions<Input, Saved, F>, PerRecord> {
  /** The submission for this input, or null when it cannot go (the screen already says why). */
  submission(input: Input): Submission<Saved, F> | null;
  afterSave?(saved: Saved): ReturnType<NonNullable<PressOptions<Input, Saved, F>['afterSave']>>;
  onSaved?(saved: Saved): void;
  onNext?(saved: Saved): void;
  successText?(saved: Saved): string;
  handBack(saved: Saved): Promise<boolean>;
  /** Where the key is kept; memory by default (a form keeps it in its draft). */
  keySlot?: KeySlot;
  batch?(): OutboxBatch;
}

/** The one record's options as the core takes them. */
function oneRecord<Input, Saved, F extends Failure>(
  o: SaveOptions<Input, Saved, F>,
): PressOptions<Input, Saved, F> {
  const one =
    <R>(f: (saved: Saved) => R) =>
    (all: Saved[]) =>
      f(all[0] as Saved);
  return {
    ...o,
    records: (input) => {
      const s = o.submission(input);
      return (
        s && [
          { id: 'record', payload: s.payload, send: s.send, ...(o.keySlot ? { keySlot: o.keySlot } : {}) },
        ]
      );
    },
    afterSave: o.afterSave && one(o.afterSave),
    onSaved: o.onSaved && one(o.onSaved),
    onNext: o.onNext && one(o.onNext),
    successText: o.successText && one(o.successText),
    handBack: one(o.handBack),
  } as PressOptions<Input, Saved, F>;
}

/** One record without a form (the notification's Remove): `run()` saves and hands back. */
export function useSaveThenHandBack<Saved, F extends Failure = Failure>(
  options: SaveOptions<void, Saved, F>,
) {
  const { run, busy, saved } = useSave(oneRecord(options));
  return { run: () => run(undefined), busy, saved };
}

/** The form's fields a 400 may name, and the payload's names that the form calls otherwise. */
export interface FieldMap<V extends FieldValues> {
  names: readonly Path<V>[];
  rename?: Record<string, Path<V>>;
}

export interface FormSaveOptions<V extends FieldValues, Output, Saved, F extends Failure = Failure>
  extends Omit<SaveOptions<Output, Saved, F>, 'fieldErrors'> {
  /** Where a 400's field errors go; a function when it depends on the values (hidden fields). */
  fields: FieldMap<V> | ((values: Output) => FieldMap<V>);
  /**
   * The form's values for a refused record's kept input (its payload), when the screen is opened
   * to fix one (fix.ts); null when the input does not fit the form. Without it, no fix here.
   */
  fix?(input: Record<string, unknown>): V | null;
}

/**
 * The core for a react-hook-form form: `submit()` validates (the resolver may first fetch the
 * schema's chunk), then saves and hands back; `submitNext()` saves and starts the next record
 * (`onNext`, Register another). Give `submit` to the main button and to `<SubmitForm>`.
 */
export function useFormSaveThenHandBack<V extends FieldValues, Output, Saved, F extends Failure = Failure>(
  form: Pick<UseFormReturn<V, unknown, Output>, 'handleSubmit' | 'setError' | 'reset'>,
  options: FormSaveOptions<V, Output, Saved, F>,
) {
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
  // Saved or kept: the refused record it fixes goes.
  const replaced = options.fix ? fix.done : () => undefined;
  const { guard, pressOnce, busy, saved } = useSave({
    ...oneRecord(options),
    onSaved: (records: Saved[]) => {
      options.onSaved?.(records[0] as Saved);
      replaced();
    },
    onKept: (next: boolean, key: string) => {
      options.onKept?.(next, key);
      replaced();
    },
    fieldErrors: (error, values) => {
      const map = fieldsOf(values);
      return applyFieldErrors(form.setError, error.fieldErrors, map.names, map.rename);
    },
  });
  return {
    submit: () => guard(form.handleSubmit((values) => pressOnce(values))),
    submitNext: () => guard(form.handleSubmit((values) => pressOnce(values, true))),
    busy,
    saved,
  };
}
