import type { LocationNotification } from '@gebere/contract';
import { Button, Placeholder } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { notificationUpdatePath, paths } from '../../app/paths';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { Screen } from '../../components/screen';
import type { ApiError } from '../../lib/api';
import { describeApiError } from '../../lib/api-errors';
import { currentLanguage, useT } from '../../lib/i18n';
import { historyDepth } from '../../lib/navigation';
import { toast } from '../../lib/toast';
import { useIdParams } from '../../lib/use-query-params';
import { listNotifications } from './calls';
import { NotificationCard } from './notification-card';
import type { FormatRelative } from './relative-time';
import './notification-list.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; notifications: LocationNotification[] }
  | { status: 'error'; error: ApiError };

function useNotifications(userId: number | undefined) {
  const t = useT();
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    setState({ status: 'loading' });
    void listNotifications(userId).then((r) => {
      if (!live) return;
      if (r.ok) setState({ status: 'ready', notifications: r.data });
      else {
        setState({ status: 'error', error: r.error });
        toast.error(t('notification.error_getting_notifications_list'));
      }
    });
    return () => {
      live = false;
    };
    // attempt: Try Again re-runs the load
  }, [userId, attempt, t]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/** dayjs and its Amharic locale, fetched beside the list call rather than before the screen. */
function useRelativeTime(): FormatRelative | null {
  const [format, setFormat] = useState<{ fn: FormatRelative } | null>(null);
  const lang = currentLanguage();
  useEffect(() => {
    let live = true;
    import('./relative-time')
      .then((m) => m.relativeTimeIn(lang))
      .then(
        (fn) => live && setFormat({ fn }),
        () => undefined, // no times rather than no list
      );
    return () => {
      live = false;
    };
  }, [lang]);
  return format?.fn ?? null;
}

/**
 * Spec §2 /notification/list?bot_user_id=: the creator's active notifications as cards (name
 * cut to 20 characters, created time, Update); a card opens /notification/update/{id} and the
 * main button 'Create notification' opens the form. Both keep this link's query (bot_user_id,
 * lang), and the proof travels with the launch (lib/proof.ts), not with the route.
 */
export function NotificationListScreen() {
  const t = useT();
  const { ids, missing } = useIdParams('bot_user_id');
  const { state, retry } = useNotifications(missing.length ? undefined : ids.bot_user_id);
  const formatTime = useRelativeTime();
  const search = useSearch();
  const [, navigate] = useLocation();
  const withQuery = (path: string) => (search ? `${path}?${search}` : path);

  let body = null;
  if (state.status === 'error')
    body = (
      <Placeholder
        className="screen-message"
        description={describeApiError(state.error)}
        action={
          <Button size="m" onClick={retry}>
            {t('common.try_again')}
          </Button>
        }
      />
    );
  else if (state.status === 'ready' && !state.notifications.length)
    body = <Placeholder className="screen-message" description={t('notification.no_notifications')} />;
  else if (state.status === 'ready')
    body = (
      <div className="notification-cards">
        {state.notifications.map((n) => (
          <NotificationCard
            key={n.id}
            notification={n}
            href={withQuery(notificationUpdatePath(n.id))}
            formatTime={formatTime}
          />
        ))}
      </div>
    );

  return (
    <Screen title={t('notification.title_list')} missing={missing} loading={state.status === 'loading'}>
      {body}
      <MainButtonSubmit
        text={t('notification.create_button')}
        onClick={() =>
          navigate(withQuery(paths.notificationCreate), { state: { depth: historyDepth() + 1 } })
        }
      />
    </Screen>
  );
}
