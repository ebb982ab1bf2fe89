import type { LocationNotification } from '@gebere/contract';
import { LIMITS, shorten } from '@gebere/contract/rules';
import { Button, Card } from '@telegram-apps/telegram-ui';
import { useId } from 'react';
import { Link } from 'wouter';
import type { FormatRelative } from '../../lib/i18n/relative-time';
import { useT } from '../../lib/i18n/texts';
import { historyDepth } from '../../lib/navigation';

/**
 * One notification (spec §2): its name cut to 20 characters and an ellipsis, when it was created,
 * and an Update button. The whole card opens the update route: its name is a link stretched over
 * the card, so a tap anywhere works and a screen reader finds one link named as it is shown (the full name is its title).
 * A paused one (still active, not sent: docs/authorization.md "Revocation") says so, why, and who
 * can resume it.
 */
export function NotificationCard({
  notification,
  href,
  formatTime,
}: {
  notification: LocationNotification;
  href: string;
  formatTime: FormatRelative;
}) {
  const t = useT();
  const nameId = useId();
  const state = { depth: historyDepth() + 1 };
  const time = formatTime(notification.created_at);
  return (
    <Card className="notification-card">
      <div className="notification-card-body">
        <Link href={href} state={state} className="notification-card-link" title={notification.name}>
          <span id={nameId} className="notification-card-name">
            {shorten(notification.name, LIMITS.notificationNameChars)}
          </span>
        </Link>
        <span className="notification-card-time">
          {time ? t('notification.created', { time }) : '\u00a0'}
        </span>
        {notification.paused && (
          <p className="notification-card-paused">
            <strong className="notification-paused-badge">{t('notification.paused')}</strong>{' '}
            {t(
              notification.paused === 'operator'
                ? 'notification.paused_operator'
                : 'notification.paused_grant',
            )}
          </p>
        )}
      </div>
      <Link href={href} state={state} asChild>
        <Button
          Component="a"
          size="s"
          mode="bezeled"
          className="notification-card-update"
          aria-describedby={nameId}
        >
          {t('common.update')}
        </Button>
      </Link>
    </Card>
  );
}
