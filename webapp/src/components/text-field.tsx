import { Input } from '@telegram-apps/telegram-ui';
import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { uiPlatform } from '../telegram';
import { type BoundFieldProps, useBoundField } from './bound-field';
import { FieldError } from './field-error';

export interface TextFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends BoundFieldProps<T, TOut>,
    Pick<
      InputHTMLAttributes<HTMLInputElement>,
      'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder'
    > {}

/** A telegram-ui Input bound to a form field, with its error under it. */
export function TextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
  placeholder,
  ...attributes
}: TextFieldProps<T, TOut>) {
  const { input, error, errorId } = useBoundField({ control, name, label, disabled });
  return (
    <div className="field">
      <Input
        {...attributes}
        {...input}
        // iOS-style inputs have no header: the label shows as the placeholder there.
        placeholder={placeholder ?? (uiPlatform() === 'ios' ? label : undefined)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
