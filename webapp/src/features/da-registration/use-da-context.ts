import type { DaRole, OutboundDa } from '@gebere/contract';
import { loadAdminAreas } from '../../lib/api/admin-areas';
import { type ApiError, NETWORK_ERROR } from '../../lib/api/lazy-client';
import { once, useLoad } from '../../lib/loading';
import { findDaByPhone, findOutboundDa, listRoles } from './calls';

type FormModule = typeof import('./da-form');

/**
 * The form's code (react-hook-form, the fields, the cascade: ~20 KB) is its own chunk, fetched
 * while the roles load: the first paint (the spinner) does not wait for it, and the form does
 * not wait longer than the data.
 */
const loadFormModule = once(() => import('./da-form'));

export type DaContext =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; roles: DaRole[]; profile: OutboundDa | null; DaForm: FormModule['DaForm'] };

/** Whose entry prefills the form: the DA profile (update), or the organisation's DA list (update_outbound). */
export type DaLookup = { phone: string; from: 'profiles' | 'outbound' } | null;

/**
 * What the form needs before it can show: its code, the role options and, when `lookup` is
 * given, the entry with that normalised number: the DA profile (update), or what the
 * organisation's DA list has (update_outbound: a profile, else the roster's entry). All go out
 * together, and the region list alongside, so the cascade does not wait another round trip on a
 * slow network. `enabled` false (missing parameters) fetches nothing.
 */
export function useDaContext(enabled: boolean, lookup: DaLookup) {
  const lookupPhone = lookup?.phone ?? null;
  const from = lookup?.from ?? null;
  return useLoad<DaContext>(
    enabled
      ? async () => {
          void loadAdminAreas('region').catch(() => undefined); // the cascade shows its own error
          const [module, roles, found] = await Promise.all([
            loadFormModule().catch(() => null),
            listRoles(),
            lookupPhone ? (from === 'outbound' ? findOutboundDa : findDaByPhone)(lookupPhone) : null,
          ]);
          if (!roles.ok) return { status: 'error', error: roles.error };
          if (found && !found.ok) return { status: 'error', error: found.error };
          if (!module) return { status: 'error', error: NETWORK_ERROR };
          return { status: 'ready', roles: roles.data, profile: found?.data ?? null, DaForm: module.DaForm };
        }
      : undefined,
    [lookupPhone, from],
  );
}
