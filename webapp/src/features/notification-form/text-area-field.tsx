import { Textarea } from '@telegram-apps/telegram-ui';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { FieldError } from '../../components/field-error';

/** A telegram-ui Textarea bound to a form field (the notification's message), error under it. */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  rows = 4,
  maxLength,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <Textarea
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        header={label}
        aria-label={label}
        aria-invalid={fieldState.invalid}
        aria-describedby={fieldState.error ? errorId : undefined}
        status={fieldState.error ? 'error' : undefined}
        rows={rows}
        maxLength={maxLength}
        disabled={disabled}
      />
      <FieldError id={errorId} error={fieldState.error} />
    </div>
  );
}
