import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: notification form, create and update (issue 8). Remove: showConfirm from src/telegram. */
export function NotificationFormScreen({ mode, id }: { mode: 'create' | 'update'; id?: string }) {
  const t = useT();
  return (
    <PlaceholderScreen
      title={t(mode === 'update' ? 'notification.title_update' : 'notification.title_create')}
      route={mode === 'update' ? `/notification/update/${id ?? ''}` : '/notification/create'}
    />
  );
}
