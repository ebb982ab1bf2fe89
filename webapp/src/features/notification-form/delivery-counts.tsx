import type { DeliveryCounts as Counts } from '@gebere/contract';
import { Section } from '@telegram-apps/telegram-ui';
import { useT } from '../../lib/i18n/texts';

/**
 * Read-only, on the update form: how many DAs the notification engine still has to reach, has
 * reached and could not reach. Three figures side by side: one glance on a small screen.
 */
export function DeliveryCounts({ deliveries }: { deliveries: Counts }) {
  const t = useT();
  const rows = [
    ['queued', deliveries.queued],
    ['sent', deliveries.sent],
    ['failed', deliveries.failed],
  ] as const;
  return (
    <Section header={t('notification.deliveries.title')}>
      {/* A list, not a <dl>: telegram-ui's Section puts its own wrappers around children. */}
      <ul className="delivery-counts">
        {rows.map(([key, count]) => (
          <li key={key} className={`delivery-count delivery-count-${key}`}>
            <span>{t(`notification.deliveries.${key}`)}</span> <strong>{count}</strong>
          </li>
        ))}
      </ul>
    </Section>
  );
}
