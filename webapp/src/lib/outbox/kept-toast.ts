import { LIMITS } from '@gebere/contract/rules';
import { t } from '../i18n/texts';
import { type ToastOptions, toast } from '../ui/toast';
import { useOutboxStore } from './view';

/**
 * "No signal: the record is kept on this phone…" after a save the outbox keeps, for as long as
 * it is true: once none of the save's records waits any more (sync saved them, or the server
 * refused them, or the DA removed them), the toast goes. A refusal is then on the outbox's status
 * line with its reason; a toast still saying "kept" beside it would contradict it. `of` names
 * the save's records: its record's key, or its outbox batch (reach and adoption, feedback).
 */
export function toastKept(
  of: { key: string } | { batch: string },
  options?: Omit<ToastOptions, 'kind'>,
): void {
  const id = toast.success(t('common.outbox.kept_offline'), options);
  const ours = (p: { key: string; batch: string }) => ('key' in of ? p.key === of.key : p.batch === of.batch);
  const stop = useOutboxStore.subscribe(({ pending }) => {
    if (pending.some(ours)) return;
    toast.dismiss(id);
    stop();
  });
  // The toast closes by itself meanwhile: nothing left to watch.
  setTimeout(stop, options?.duration ?? LIMITS.toastMs);
}
