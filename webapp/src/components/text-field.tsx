import { Input } from '@telegram-apps/telegram-ui';
import type { InputHTMLAttributes } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { uiPlatform } from '../telegram';
import { FieldError } from './field-error';

export interface TextFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder'
  > {
  /** The form's control; its output type (TOut) may differ from what the inputs hold. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
}

/** A telegram-ui Input bound to a form field, with its error under it. */
export function TextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
  placeholder,
  ...input
}: TextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <Input
        {...input}
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        header={label}
        // iOS-style inputs have no header: the label shows as the placeholder there.
        placeholder={placeholder ?? (uiPlatform() === 'ios' ? label : undefined)}
        aria-label={label}
        aria-invalid={fieldState.invalid}
        aria-describedby={fieldState.error ? errorId : undefined}
        status={fieldState.error ? 'error' : undefined}
        disabled={disabled}
      />
      <FieldError id={errorId} error={fieldState.error} />
    </div>
  );
}
