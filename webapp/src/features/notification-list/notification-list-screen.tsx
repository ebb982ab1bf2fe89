import type { LocationNotification } from '@gebere/contract';
import { screenHref, screens } from '@gebere/contract/screens';
import notificationTexts from '@gebere/i18n/locales/en/notification.json';
import { Button } from '@telegram-apps/telegram-ui';
import { useLocation, useSearch } from 'wouter';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { Screen, ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { type ApiError, NETWORK_ERROR } from '../../lib/api/lazy-client';
import { useManagerGrants } from '../../lib/api/my-grants';
import { addEnglish } from '../../lib/i18n/resources-en';
import { currentLanguage, useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { historyDepth, useScreenParams } from '../../lib/navigation';
import { toast } from '../../lib/ui/toast';
import { listNotifications } from './calls';
import type { loadCards } from './notification-cards';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('notification', notificationTexts);

type Cards = Awaited<ReturnType<typeof loadCards>>;
type Load =
  | { status: 'loading' }
  | { status: 'ready'; notifications: LocationNotification[]; cards: Cards }
  | { status: 'error'; error: ApiError };

/** The list call and the cards' code (with dayjs in the user's language), in parallel. */
function useNotifications(userId: number | undefined) {
  const t = useT();
  const lang = currentLanguage();
  return useLoad<Load>(
    userId
      ? async () => {
          const cards = import('./notification-cards').then((m) => m.loadCards(lang)).catch(() => null);
          const [r, c] = await Promise.all([listNotifications(userId), cards]);
          if (r.ok && c) return { status: 'ready', notifications: r.data, cards: c };
          toast.error(t('notification.error_getting_notifications_list'));
          // A chunk that failed to download (weak signal) is a network error to retry.
          return { status: 'error', error: r.ok ? NETWORK_ERROR : r.error };
        }
      : undefined,
    [userId, lang, t],
  );
}

/**
 * Spec §2 /notification/list?bot_user_id=: the creator's active notifications as cards (name
 * cut to 20 characters, created time, Update); a card opens /notification/update/{id} and the
 * main button 'Create notification' opens the form, for a notification manager only (a creator
 * whose grant was revoked comes here to remove theirs). Both keep this link's query (bot_user_id,
 * lang); the proof travels with the launch (lib/launch/proof.ts keeps the link it was opened with),
 * not with the route.
 */
export function NotificationListScreen() {
  const t = useT();
  const { values: ids, missing } = useScreenParams('notificationList');
  const { state, retry } = useNotifications(missing.length ? undefined : ids.bot_user_id);
  // Unknown (no signal): offered, and the server decides on saving.
  const grants = useManagerGrants(missing.length === 0);
  const mayCreate = grants === null || (grants !== 'loading' && grants.length > 0);
  const search = useSearch();
  const [, navigate] = useLocation();
  const withQuery = (path: string) => (search ? `${path}?${search}` : path);

  let body = null;
  if (state.status === 'error')
    body = (
      <ScreenMessage
        text={describeApiError(state.error)}
        action={
          <Button size="m" onClick={retry}>
            {t('common.try_again')}
          </Button>
        }
      />
    );
  else if (state.status === 'ready' && !state.notifications.length)
    body = <ScreenMessage text={t('notification.no_notifications')} />;
  else if (state.status === 'ready') {
    const { Cards, formatTime } = state.cards;
    body = (
      <Cards
        notifications={state.notifications}
        hrefOf={(id) => withQuery(screenHref('notificationUpdate', { id }))}
        formatTime={formatTime}
      />
    );
  }

  return (
    <Screen title={t('notification.title_list')} missing={missing} loading={state.status === 'loading'}>
      {body}
      {mayCreate && (
        <MainButtonSubmit
          text={t('notification.create_button')}
          onClick={() =>
            navigate(withQuery(screens.notificationCreate.path), { state: { depth: historyDepth() + 1 } })
          }
        />
      )}
    </Screen>
  );
}

export { NotificationListScreen as default };
