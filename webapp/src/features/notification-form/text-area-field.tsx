import { Textarea } from '@telegram-apps/telegram-ui';
import type { FieldValues } from 'react-hook-form';
import { type BoundFieldProps, useBoundField } from '../../components/bound-field';
import { FieldError } from '../../components/field-error';

/** A telegram-ui Textarea bound to a form field (the notification's message), error under it. */
export function TextAreaField<T extends FieldValues>({
  rows = 4,
  maxLength,
  ...bound
}: BoundFieldProps<T> & { rows?: number; maxLength?: number }) {
  const { input, error, errorId } = useBoundField(bound);
  return (
    <div className="field">
      <Textarea {...input} rows={rows} maxLength={maxLength} />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
