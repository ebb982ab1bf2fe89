import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: notification list (issue 8). Update route: notificationUpdatePath(id) from src/app/paths. */
export function NotificationListScreen() {
  const t = useT();
  return <PlaceholderScreen title={t('notification.title_list')} route={'/notification/list'} />;
}
