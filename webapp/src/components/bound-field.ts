import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** What every input bound to one form field is given. */
export interface BoundFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form's control; its output type (TOut) may differ from what the inputs hold. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
}

/**
 * One form field as our inputs show it: named by its label, marked invalid and pointing at the
 * error under it (`errorId`) while it has one. `a11y` is for a group (radios); `input` is the
 * whole binding of a telegram-ui Input, Select or Textarea (header, value, handlers, status).
 */
export function useBoundField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
}: BoundFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  const a11y = {
    'aria-label': label,
    'aria-invalid': fieldState.invalid,
    'aria-describedby': fieldState.error ? errorId : undefined,
  };
  const input = {
    ref: field.ref,
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    header: label,
    status: fieldState.error ? ('error' as const) : undefined,
    disabled,
    ...a11y,
  };
  return { field, error: fieldState.error, errorId, a11y, input };
}
