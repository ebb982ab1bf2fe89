import type { ApiError } from '@gebere/api-client';
import { LIMITS } from '@gebere/contract/rules';
import { describeApiError } from '../api/errors';
import { t } from '../i18n/texts';
import { type ToastOptions, toast } from '../ui/toast';
import { useOutboxStore } from './view';

/**
 * The words for a save the outbox keeps: "No signal…" when no answer came; when the server
 * answered without saving (a 5xx, 429), what happened (the screen's failure text and spec §8's
 * 'Request failed with status code N'), and that the record is kept and will be sent again.
 */
function keptText(error: ApiError | undefined, failure: string | undefined, count: number): string {
  if (error?.kind !== 'http') return t('common.outbox.kept_offline');
  const what = [failure, describeApiError(error)].filter(Boolean).join(' ');
  return t('common.outbox.kept_after_error', { count, error: what.replace(/[.።]\s*$/u, '') });
}

/**
 * The "kept" toast after a save the outbox keeps, for as long as it is true: once none of the
 * save's records waits any more (sync saved them, or the server refused them, or the DA removed
 * them), the toast goes. A refusal is then on the outbox's status line with its reason; a toast
 * still saying "kept" beside it would contradict it. `of` names the save's records: its record's
 * key, or its outbox batch (reach and adoption, feedback). `errors`: what each record kept got
 * (its words from the first server error); a server's error is an error toast.
 */
export function toastKept(
  of: { key: string } | { batch: string },
  errors: readonly (ApiError | undefined)[],
  failure?: string,
  options?: Omit<ToastOptions, 'kind'>,
): void {
  const error = errors.find((e) => e?.kind === 'http') ?? errors.find(Boolean);
  const text = keptText(error, failure, errors.length);
  const id = error?.kind === 'http' ? toast.error(text, options) : toast.success(text, options);
  const ours = (p: { key: string; batch: string }) => ('key' in of ? p.key === of.key : p.batch === of.batch);
  const stop = useOutboxStore.subscribe(({ pending }) => {
    if (pending.some(ours)) return;
    toast.dismiss(id);
    stop();
  });
  // The toast closes by itself meanwhile: nothing left to watch.
  setTimeout(stop, options?.duration ?? LIMITS.toastMs);
}
