import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { parseId } from './parse-id';

/** The current query string as URLSearchParams (spec §2: screens take context from it). */
export function useQueryParams(): URLSearchParams {
  const search = useSearch();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export { parseId, parseIdList } from './parse-id';

/**
 * Typed id parameters of a screen: `{da_id: 12, kebele_id: 7}` or `missing` listing what is
 * absent or malformed, so the screen can show "missing information" instead of the form.
 */
export function useIdParams<K extends string>(
  ...names: K[]
): { ids: Record<K, number>; missing: [] } | { ids: Partial<Record<K, number>>; missing: K[] } {
  const params = useQueryParams();
  return useMemo(() => {
    const ids: Partial<Record<K, number>> = {};
    const missing: K[] = [];
    for (const name of names) {
      const id = parseId(params.get(name));
      if (id === undefined) missing.push(name);
      else ids[name] = id;
    }
    return missing.length ? { ids, missing } : { ids: ids as Record<K, number>, missing: [] };
  }, [params]);
}

/**
 * A yes/no query parameter (`update`, `update_outbound`): the bot writes `true`/`1`; anything
 * else, or its absence, is false.
 */
export function parseFlag(value: string | null | undefined): boolean {
  return /^(true|1|yes|on)$/i.test((value ?? '').trim());
}
