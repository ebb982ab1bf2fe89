import type { DevelopmentGroup } from '@gebere/contract';
import type { ScreenParams } from '@gebere/contract/screens';
import { useCallback, useEffect, useState } from 'react';
import { once } from '../../lib/loading';
import { keepReadyFor } from '../../lib/offline-cache/read-through';
import { fetchKebeleGroups, type GroupsResult } from './groups-request';

type FormModule = typeof import('./farmer-form');

/**
 * The form's code (react-hook-form and the fields, ~20 KB) is its own chunk, fetched while the
 * groups load (the server preloads it with the document: the screen's first-load plan): the
 * first paint (the loading indicator) does not wait for it, and the form does not wait longer
 * than the groups.
 */
const loadFormModule = once(() => import('./farmer-form'));

export type FormData =
  | { status: 'loading' }
  | { status: 'ready'; groups: DevelopmentGroup[]; FarmerForm: FormModule['FarmerForm'] }
  | { status: 'error' };

/**
 * What the farmer form needs before it is editable (spec §2: loading until the groups are
 * loaded): the kebele's groups and the form's code, in parallel. Nothing is fetched without the
 * link's DA and kebele; `retry` fetches again after a failure (the launch's early answer is
 * used once, by the first attempt). On a warm open the form is drawn from the groups kept on the
 * phone and redrawn with the server's list; a refusal that follows replaces it with the error.
 */
export function useFormData(ids: ScreenParams<'farmerRegistration'> | undefined): {
  data: FormData;
  retry: () => void;
} {
  const [data, setData] = useState<FormData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const daId = ids?.da_id;
  const kebeleId = ids?.kebele_id;
  useEffect(() => {
    if (daId === undefined || kebeleId === undefined) return;
    let live = true;
    setData({ status: 'loading' });
    // The kept list first on a warm open, then the server's (groups-request.ts): each redraws.
    let groups: GroupsResult | undefined;
    let module: FormModule | null | undefined;
    let warming = false;
    const show = () => {
      if (!live || !groups || module === undefined) return;
      if (groups.ok && !warming) {
        warming = true;
        keepReadyFor(kebeleId); // with signal: the kebele's lists, for offline use
      }
      setData(
        groups.ok && module
          ? { status: 'ready', groups: groups.groups, FarmerForm: module.FarmerForm }
          : { status: 'error' },
      );
    };
    const fresh = (result: GroupsResult) => {
      groups = result;
      show();
    };
    void fetchKebeleGroups({ da_id: daId, kebele_id: kebeleId }, fresh).then((first) => {
      groups ??= first;
      show();
    });
    void loadFormModule()
      .catch(() => null)
      .then((m) => {
        module = m;
        show();
      });
    return () => {
      live = false;
    };
    // attempt: a retry re-runs the effect
  }, [daId, kebeleId, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, retry };
}
