import { Select } from '@telegram-apps/telegram-ui';
import type { FieldValues } from 'react-hook-form';
import { useT } from '../lib/i18n/texts';
import { type BoundFieldProps, useBoundField } from './bound-field';
import { FieldError } from './field-error';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends BoundFieldProps<T, TOut> {
  options: readonly SelectOption[];
  /** Shown as the empty first option; default common.select_placeholder. */
  placeholder?: string;
  /** Called after the field's own change (AdminCascade clears the levels below here). */
  onValueChange?: (value: string) => void;
}

/** A telegram-ui (native) Select bound to a form field; value '' means nothing chosen. */
export function SelectField<T extends FieldValues, TOut extends FieldValues = T>({
  options,
  placeholder,
  onValueChange,
  ...bound
}: SelectFieldProps<T, TOut>) {
  const t = useT();
  const { field, input, error, errorId } = useBoundField(bound);
  return (
    <div className="field">
      <Select
        {...input}
        onChange={(e) => {
          field.onChange(e.target.value);
          onValueChange?.(e.target.value);
        }}
      >
        <option value="">{placeholder ?? t('common.select_placeholder')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
