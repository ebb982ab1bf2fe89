import { Button } from '@telegram-apps/telegram-ui';
import { useT } from '../lib/i18n/texts';
import { loadOutbox } from '../lib/outbox/load';
import { type RefusedView, useOutboxStore } from '../lib/outbox/view';
import { showConfirm } from '../telegram';

/** Drops a refused record once the DA confirmed: it will never be sent. */
async function drop(record: RefusedView, question: string): Promise<void> {
  if (!(await showConfirm(question))) return;
  const box = await (await loadOutbox()).outbox();
  await box?.drop(record.key);
}

/**
 * The outbox's state on every acting screen and the home hub (lib/outbox/README.md): "3 records
 * waiting for signal" or "All saved", and each record the server refused, with its reason and
 * Remove (after a confirmation). Nothing until the outbox has loaded (after the first paint).
 */
export function OutboxStatus() {
  const t = useT();
  const { loaded, waiting, refused } = useOutboxStore();
  if (!loaded) return null;
  return (
    <section className="outbox-status">
      <p className={waiting > 0 ? 'outbox-waiting' : 'outbox-saved'} role="status">
        {waiting > 0 ? t('common.outbox.waiting', { count: waiting }) : t('common.outbox.all_saved')}
      </p>
      {refused.length > 0 && (
        <div className="outbox-refused" role="alert">
          <p>{t('common.outbox.refused', { count: refused.length })}</p>
          <ul>
            {refused.map((record) => (
              <li key={record.key}>
                <span className="outbox-reason">{record.reason}</span>{' '}
                <span className="outbox-captured">
                  {t('common.outbox.captured', { when: new Date(record.capturedAt).toLocaleString() })}
                </span>
                <Button
                  size="s"
                  mode="bezeled"
                  onClick={() => void drop(record, t('common.outbox.drop_confirm'))}
                >
                  {t('common.remove')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
