import { Cell, Switch } from '@telegram-apps/telegram-ui';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';

/** A labelled on/off cell bound to a boolean form field (send_now). */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  disabled,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  const { field } = useController({ control, name });
  return (
    <Cell
      Component="label"
      multiline
      subtitle={hint}
      after={
        <Switch
          ref={field.ref}
          name={field.name}
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          role="switch"
          aria-checked={Boolean(field.value)}
          aria-label={label}
          disabled={disabled}
        />
      }
    >
      {label}
    </Cell>
  );
}
