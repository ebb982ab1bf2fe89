import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** Marks an error as the server's own text (already in the user's language), not a key. */
export const SERVER_ERROR_TYPE = 'server';

/**
 * Puts a 400's field errors (ApiError.fieldErrors: messages already joined with ', ') on the
 * form's fields. `fields` lists the form's field names; `rename` maps payload names to them
 * (e.g. the DA payload's `sex` is the form's `gender`). Returns the messages that matched no
 * field (`non_field_errors`, unknown fields) for the caller to toast.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fieldErrors: Record<string, string>,
  fields: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): string[] {
  const unmatched: string[] = [];
  let first = true;
  for (const [key, message] of Object.entries(fieldErrors)) {
    const name = rename[key] ?? (fields.includes(key as Path<T>) ? (key as Path<T>) : undefined);
    if (!name) {
      unmatched.push(message);
      continue;
    }
    setError(name, { type: SERVER_ERROR_TYPE, message }, { shouldFocus: first });
    first = false;
  }
  return unmatched;
}
