import type { LocationNotification } from '@gebere/contract';
import { type FormatRelative, relativeTimeIn } from '../../lib/i18n/relative-time';
import type { Language } from '../../lib/i18n/texts';
import { NotificationCard } from './notification-card';
import './notification-list.css';

export interface CardsProps {
  notifications: readonly LocationNotification[];
  hrefOf: (id: number) => string;
  formatTime: FormatRelative;
}

/** The cards, one per notification, newest first as the server sends them. */
export function NotificationCards({ notifications, hrefOf, formatTime }: CardsProps) {
  return (
    <div className="notification-cards">
      {notifications.map((n) => (
        <NotificationCard key={n.id} notification={n} href={hrefOf(n.id)} formatTime={formatTime} />
      ))}
    </div>
  );
}

/**
 * The cards' code with dayjs ready in `lang`: one chunk fetched beside the list call, so none
 * of it (dayjs included) is on the first load, and it is here when the list is.
 */
export async function loadCards(lang: Language) {
  return { Cards: NotificationCards, formatTime: await relativeTimeIn(lang) };
}
