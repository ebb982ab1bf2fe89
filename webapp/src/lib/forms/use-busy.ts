import { useCallback, useRef, useState } from 'react';
import { t } from '../i18n/texts';
import { toast } from '../ui/toast';

/**
 * Wraps a screen's submit so it runs once at a time (a second press of the main button on a
 * slow network does nothing) and exposes `busy` for the button's spinner. An unexpected throw
 * (e.g. a chunk that failed to download) becomes a network-error toast, never an unhandled
 * rejection.
 */
export function useBusy<A extends unknown[]>(
  action: (...args: A) => Promise<unknown>,
): {
  run: (...args: A) => Promise<void>;
  busy: boolean;
} {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await latest.current(...args);
    } catch (error) {
      console.error('submit failed', error);
      toast.error(t('errors.network_error'));
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { run, busy };
}
