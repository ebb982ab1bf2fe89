import { Cell, Radio, Section } from '@telegram-apps/telegram-ui';
import type { FieldValues } from 'react-hook-form';
import { type BoundFieldProps, useBoundField } from './bound-field';
import { FieldError } from './field-error';
import type { SelectOption } from './select-field';

export interface RadioGroupFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends BoundFieldProps<T, TOut> {
  options: readonly SelectOption[];
}

/** A Section of telegram-ui Radio cells bound to one form field (gender, group type…). */
export function RadioGroupField<T extends FieldValues, TOut extends FieldValues = T>({
  options,
  ...bound
}: RadioGroupFieldProps<T, TOut>) {
  const { field, a11y, error, errorId } = useBoundField(bound);
  const { label, disabled } = bound;
  return (
    <Section header={label}>
      <div role="radiogroup" {...a11y}>
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
      <FieldError id={errorId} error={error} group />
    </Section>
  );
}
