import type { DevelopmentGroup } from '@gebere/contract';
import { useCallback, useEffect, useState } from 'react';
import { parseId } from '../../lib/use-query-params';
import { fetchKebeleGroups, prefetchKebeleGroups, takePrefetchedGroups } from './groups-request';

type FormModule = typeof import('./farmer-form');

let formModule: Promise<FormModule> | undefined;

/**
 * The form's code (react-hook-form and the fields, ~20 KB) is its own chunk, fetched while the
 * groups load: the first paint (the loading indicator) does not wait for it, and the form
 * does not wait longer than the groups. A failed download is forgotten so a retry fetches again.
 */
export function loadFormModule(): Promise<FormModule> {
  formModule ??= import('./farmer-form');
  formModule.catch(() => {
    formModule = undefined;
  });
  return formModule;
}

/**
 * The screen's `prefetch` (screens.ts): for a launch at /farmer_registration with a kebele,
 * the groups request and the form's code start before React renders; useFormData takes them.
 */
export function prefetchFormData(params: URLSearchParams): void {
  const kebeleId = parseId(params.get('kebele_id'));
  if (kebeleId === undefined || parseId(params.get('da_id')) === undefined) return;
  prefetchKebeleGroups(kebeleId);
  void loadFormModule().catch(() => undefined);
}

export type FormData =
  | { status: 'loading' }
  | { status: 'ready'; groups: DevelopmentGroup[]; FarmerForm: FormModule['FarmerForm'] }
  | { status: 'error' };

/**
 * What the farmer form needs before it is editable (spec §2: loading until the groups are
 * loaded): the kebele's groups and the form's code, in parallel. Nothing is fetched without a
 * kebele; `retry` fetches again after a failure.
 */
export function useFormData(kebeleId: number | undefined): { data: FormData; retry: () => void } {
  const [data, setData] = useState<FormData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (kebeleId === undefined) return;
    let live = true;
    setData({ status: 'loading' });
    // The launch's prefetched request (main.tsx), else a new one; a retry always asks again.
    const request = (attempt === 0 && takePrefetchedGroups(kebeleId)) || fetchKebeleGroups(kebeleId);
    void Promise.all([request, loadFormModule().catch(() => null)]).then(([groups, module]) => {
      if (!live) return;
      setData(
        groups.ok && module
          ? { status: 'ready', groups: groups.groups, FarmerForm: module.FarmerForm }
          : { status: 'error' },
      );
    });
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [kebeleId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, retry };
}
