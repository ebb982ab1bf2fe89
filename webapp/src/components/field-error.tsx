import type { FieldError as RhfFieldError } from 'react-hook-form';

/** The message under a field: a validation key already translated, or the server's text. */
export function FieldError({
  id,
  error,
  group,
}: {
  id: string;
  error: RhfFieldError | undefined;
  group?: boolean;
}) {
  if (!error?.message) return null;
  return (
    <p id={id} className={group ? 'field-error field-error-group' : 'field-error'} role="alert">
      {error.message}
    </p>
  );
}
