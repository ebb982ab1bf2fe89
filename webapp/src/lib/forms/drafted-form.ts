import { useEffect } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import { type Draft, type DraftSpec, useDraft } from './draft';

/**
 * react-hook-form's `useForm` with a draft: the form starts from the draft, and every change is
 * kept. Give `draft.keySlot` and `onSaved: draft.drop` to the save protocol.
 */
export function useDraftedForm<V extends FieldValues, Output = V>(
  spec: DraftSpec<V>,
  options: Omit<UseFormProps<V, unknown, Output>, 'defaultValues'> = {},
): { form: UseFormReturn<V, unknown, Output>; draft: Draft<V> } {
  const draft = useDraft(spec);
  const form = useForm<V, unknown, Output>({ ...options, defaultValues: draft.initial as never });
  useEffect(() => {
    const subscription = form.watch((values) => draft.keep(values as Partial<V>));
    return () => subscription.unsubscribe();
  }, [form, draft]);
  return { form, draft };
}
