import type { FieldError as RhfFieldError } from 'react-hook-form';

/** The message under a field: a validation key already translated, or the server's text. */
export function FieldError({ id, error }: { id: string; error: RhfFieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error.message}
    </p>
  );
}
