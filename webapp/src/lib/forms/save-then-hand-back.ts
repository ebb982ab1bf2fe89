import { useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { type KeySlot, memorySlot } from '../api/idempotent-call';
import type { ApiError } from '../api/lazy-client';
import type { Draft } from './draft';
import { applyFieldErrors } from './field-errors';
import { useRefusedFix } from './fix';
import {
  type SaveOptions as CoreOptions,
  type KeyedSend,
  type OutboxBatch,
  type SaveRecord,
  type Sent,
  useSave,
} from './save';

/**
 * Save once, then hand back: the one save (save.ts) for a screen that writes one record (DA,
 * farmer, development group, report user, notification), bound to its react-hook-form form.
 */

export type { KeyedSend, OutboxBatch, Sent };

/** The form's one record: its payload (the same again: the same key) and its send. */
export type Submission<Saved, Failure extends { error: ApiError } = { error: ApiError }> = Omit<
  SaveRecord<Saved, Failure>,
  'slot' | 'done'
>;

export type SaveOptions<Input, Saved, Failure extends { error: ApiError } = { error: ApiError }> = Omit<
  CoreOptions<Input, Saved, Failure, Saved>,
  'records' | 'given'
> & {
  /** The submission for this input, or null when it cannot go (the screen already says why). */
  submission(input: Input): Submission<Saved, Failure> | null | Promise<Submission<Saved, Failure> | null>;
  /** Where the key is kept; memory by default (the farmer form keeps it in its session draft). */
  keySlot?: KeySlot;
};

/** The one record's options as the core's: its callbacks get the record itself. */
function useOneRecord<Input, Saved, Failure extends { error: ApiError }>({
  submission,
  keySlot,
  ...options
}: SaveOptions<Input, Saved, Failure>): CoreOptions<Input, Saved, Failure, Saved> {
  const own = useRef(memorySlot());
  return {
    ...options,
    records: async (input) => {
      const s = await submission(input);
      return s && [{ ...s, slot: keySlot ?? own.current }];
    },
    given: ([record]) => record as Saved,
  };
}

/**
 * A write without a form (the notification's Remove). `run()` saves and hands back; `busy` while
 * it runs; `saved` once the record is saved.
 */
export function useSaveThenHandBack<Saved, Failure extends { error: ApiError } = { error: ApiError }>(
  options: SaveOptions<void, Saved, Failure>,
): { run: () => Promise<void>; busy: boolean; saved: boolean } {
  const { run, busy, saved, save } = useSave(useOneRecord(options));
  return { run: () => run(() => save()), busy, saved };
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
   * The form's values for a refused record's kept input (its payload), when the screen is opened
   * to fix one (fix.ts); null when the input does not fit the form. Without it, no fix here.
   */
  fix?(input: Record<string, unknown>): V | null;
  /** The form's draft (draft.ts): the key is kept with it, and it goes once the record is saved. */
  draft?: Pick<Draft<object>, 'keySlot' | 'drop'>;
}

/**
 * The save for a react-hook-form form: `submit()` validates (the resolver may first fetch the
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
  { fields, fix: fixValues, draft, ...options }: FormSaveOptions<V, Output, Saved, Failure>,
): { submit: () => Promise<void>; submitNext: () => Promise<void>; busy: boolean; saved: boolean } {
  const fieldsOf = (values: Output) => (typeof fields === 'function' ? fields(values) : fields);
  // Opened to fix a refused record: its input on the fields, the server's errors beside them.
  const fix = useRefusedFix((input, refusal) => {
    const values = fixValues?.(input);
    if (!values) return;
    form.reset(values);
    const map = fieldsOf(values as unknown as Output);
    if (refusal.fieldErrors) applyFieldErrors(form.setError, refusal.fieldErrors, map.names, map.rename);
  });
  // Saved or kept: the refused record it replaces goes.
  const replaced = fixValues ? fix.done : () => undefined;
  const { run, busy, saved, save } = useSave({
    ...useOneRecord({ ...options, keySlot: options.keySlot ?? draft?.keySlot }),
    onSaved: (record) => {
      draft?.drop();
      options.onSaved?.(record);
      replaced();
    },
    onKept: (next, key) => {
      options.onKept?.(next, key);
      replaced();
    },
    fieldErrors: (error, values) => {
      const map = fieldsOf(values);
      return applyFieldErrors(form.setError, error.fieldErrors, map.names, map.rename);
    },
  });
  return {
    submit: () => run(form.handleSubmit((values) => save(values))),
    // Saves, then starts the next record (options.onNext) instead of handing back.
    submitNext: () => run(form.handleSubmit((values) => save(values, true))),
    busy,
    saved,
  };
}
