import { Cell, Radio, Section } from '@telegram-apps/telegram-ui';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { FieldError } from './field-error';
import type { SelectOption } from './select-field';

export interface RadioGroupFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  /** The form's control; its output type (TOut) may differ from what the inputs hold. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
}

/** A Section of telegram-ui Radio cells bound to one form field (gender, group type…). */
export function RadioGroupField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  options,
  disabled,
}: RadioGroupFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ control, name });
  const errorId = `${name}-error`;
  return (
    <Section header={label}>
      <div
        role="radiogroup"
        aria-label={label}
        aria-invalid={fieldState.invalid}
        aria-describedby={fieldState.error ? errorId : undefined}
      >
        {options.map((o, i) => (
          <Cell
            key={o.value}
            Component="label"
            before={
              <Radio
                ref={i === 0 ? field.ref : undefined}
                name={field.name}
                value={o.value}
                checked={field.value === o.value}
                onChange={() => field.onChange(o.value)}
                onBlur={field.onBlur}
                aria-label={o.label}
                disabled={disabled}
              />
            }
            multiline
          >
            {o.label}
          </Cell>
        ))}
      </div>
      <FieldError id={errorId} error={fieldState.error} group />
    </Section>
  );
}
