// Ids from a query string, without React or the router (the early GET uses them too).

/** A positive integer id from the query (`da_id`, `kebele_id`…), or undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Comma-separated ids (`selectedids=4,5,6`): the valid ones, de-duplicated, in order. */
export function parseIdList(value: string | null | undefined): number[] {
  const ids = (value ?? '').split(',').map(parseId);
  return [...new Set(ids.filter((n): n is number => n !== undefined))];
}
