import type { DeliveryProgress } from '@gebere/contract';
import { Section } from '@telegram-apps/telegram-ui';
import { type TFunction, useT } from '../../lib/i18n/texts';

/**
 * Read-only, on the update form: how many DAs the notification engine still has to reach, has
 * reached and could not reach. Three figures side by side: one glance on a small screen. Under
 * them, while some are waiting, when the last should be out (the details call's estimate).
 */
export function DeliveryCounts({ deliveries, now }: { deliveries: DeliveryProgress; now?: number }) {
  const t = useT();
  const rows = [
    ['queued', deliveries.queued],
    ['sent', deliveries.sent],
    ['failed', deliveries.failed],
  ] as const;
  const finish = deliveries.expected_finish && finishIn(t, deliveries.expected_finish, now ?? Date.now());
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
      {finish && (
        <p className="delivery-finish">
          {t('notification.deliveries.expected_finish')}: <strong>{finish}</strong>
        </p>
      )}
    </Section>
  );
}

/** "in about 25 min", "in about 3 h 5 min": whole minutes, rounded up, at least one. */
export function finishIn(t: TFunction, iso: string, now: number): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const minutes = Math.max(1, Math.ceil((at - now) / 60_000));
  return minutes < 60
    ? t('notification.deliveries.in_minutes', { minutes })
    : t('notification.deliveries.in_hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
