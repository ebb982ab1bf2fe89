import { Select } from '@telegram-apps/telegram-ui';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useT } from '../lib/i18n';
import { FieldError } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form's control; its output type (TOut) may differ from what the inputs hold. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
  /** Shown as the empty first option; default common.select_placeholder. */
  placeholder?: string;
  /** Called after the field's own change (AdminCascade clears the levels below here). */
  onValueChange?: (value: string) => void;
}

/** A telegram-ui (native) Select bound to a form field; value '' means nothing chosen. */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  options,
  disabled,
  placeholder,
  onValueChange,
}: SelectFieldProps<T, TOut>) {
  const t = useT();
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  return (
    <div className="field">
      <Select
        ref={field.ref}
        name={field.name}
        value={field.value ?? ''}
        onChange={(e) => {
          field.onChange(e.target.value);
          onValueChange?.(e.target.value);
        }}
        onBlur={field.onBlur}
        header={label}
        aria-label={label}
        aria-invalid={fieldState.invalid}
        aria-describedby={fieldState.error ? errorId : undefined}
        status={fieldState.error ? 'error' : undefined}
        disabled={disabled}
      >
        <option value="">{placeholder ?? t('common.select_placeholder')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldError id={errorId} error={fieldState.error} />
    </div>
  );
}
