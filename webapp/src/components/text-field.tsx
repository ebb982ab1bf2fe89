import { Input } from '@telegram-apps/telegram-ui';
import type { InputHTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useT } from '../lib/i18n/texts';
import { uiPlatform } from '../telegram';
import { type BoundFieldProps, useBoundField } from './bound-field';
import { FieldError } from './field-error';

export interface TextFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends BoundFieldProps<T, TOut>,
    Pick<
      InputHTMLAttributes<HTMLInputElement>,
      'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'placeholder'
    > {}

/**
 * A telegram-ui Input bound to a form field, with its error under it. The browser's autofill is
 * off unless a field asks for it: most fields are about someone else (a farmer, a group), and the
 * phone's own name or number filled in would be wrong.
 */
export function TextField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  disabled,
  placeholder,
  autoComplete = 'off',
  ...attributes
}: TextFieldProps<T, TOut>) {
  const { input, error, errorId } = useBoundField({ control, name, label, disabled });
  return (
    <div className="field">
      <Input
        {...attributes}
        autoComplete={autoComplete}
        {...input}
        // iOS-style inputs have no header: the label shows as the placeholder there.
        placeholder={placeholder ?? (uiPlatform() === 'ios' ? label : undefined)}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A phone number: the phone's dial pad, and the accepted forms as its placeholder. */
export function PhoneField<T extends FieldValues, TOut extends FieldValues = T>(
  props: Omit<TextFieldProps<T, TOut>, 'type' | 'inputMode' | 'placeholder'>,
) {
  const t = useT();
  return <TextField {...props} type="tel" inputMode="tel" placeholder={t('common.phone_placeholder')} />;
}
