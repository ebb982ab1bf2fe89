import {
  type HubEntryKey,
  type HubPick,
  type HubUser,
  hubHref,
  hubLink,
  hubMenu,
  hubUserOf,
  needsGroups,
  needsPick,
} from '@gebere/contract/hub';
import { LANG_PARAM, screenHref } from '@gebere/contract/screens';
import { isLanguage } from '@gebere/i18n/languages';
import { Button, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link } from 'wouter';
import { Screen, ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { currentLanguage, initI18n, useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { historyDepth, useScreenParams } from '../../lib/navigation';
import { keepReadyFor } from '../../lib/offline-cache/read-through';
import { closeApp, getLaunch } from '../../telegram';
import { AdvisoryPicker } from './advisory-picker';
import { GroupPicker } from './group-picker';
import { fetchMe } from './me-request';

const linkLanguage = () => new URLSearchParams(window.location.search).get(LANG_PARAM);

type HubState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: HubUser; name: string | null };

/**
 * Who the user is (`/api/me/`, initData: the menu button's launch has no link parameters), in
 * the language they chose in the bot: without a `lang` parameter, the app's texts switch to it
 * before anything shows.
 */
function useHubUser(): { state: HubState; retry: () => void } {
  // A retry asks again (the early answer is used by the first attempt only).
  return useLoad<HubState>(async () => {
    const result = await fetchMe();
    if (!result.ok) return { status: 'error', message: describeApiError(result.error) };
    // A link's `lang` is the bot's choice already; the menu button's launch has none.
    const chosen = linkLanguage() ? undefined : result.me.bot_user?.language;
    if (isLanguage(chosen) && chosen !== currentLanguage()) await initI18n(chosen);
    // A DA opened the hub with signal: their kebele's lists are kept for later offline use.
    if (result.me.da) keepReadyFor(result.me.da.kebele);
    return { status: 'ready', user: hubUserOf(result.me), name: result.me.da?.name ?? null };
  }, []);
}

const inApp = () => ({ depth: historyDepth() + 1 });

function EntryCell({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} state={inApp()} asChild>
      <Cell Component="a" className="menu-cell">
        {label}
      </Cell>
    </Link>
  );
}

/** The user's entries (`@gebere/contract/hub`), each opening its screen with its parameters. */
function HubEntries({ user, name }: { user: HubUser; name: string | null }) {
  const t = useT();
  const menu = hubMenu(user);
  if (menu.kind === 'rejected') return <ScreenMessage text={t('home.rejected')} />;
  if (menu.kind === 'share_contact')
    return (
      <ScreenMessage
        text={t('home.share_contact')}
        action={
          getLaunch().inTelegram && (
            <Button size="m" onClick={closeApp}>
              {t('home.back_to_chat')}
            </Button>
          )
        }
      />
    );
  const lang = currentLanguage();
  const href = (key: HubEntryKey): string | undefined => {
    // The record screens first ask which groups, feedback which advisory: the hub's own steps.
    if (needsPick(key)) return screenHref('home', { pick: key, lang });
    const link = hubLink(key, user, { lang });
    return link && hubHref(link);
  };
  return (
    <List>
      <p className="screen-subtitle">{name ? t('home.greeting', { name }) : t('home.subtitle')}</p>
      {menu.pending && <p className="screen-subtitle">{t(`common.enrolment.pending_${menu.pending}`)}</p>}
      {menu.sections.map((section) => (
        <Section key={section[0]}>
          {section.map((key) => {
            const to = href(key);
            return to && <EntryCell key={key} href={to} label={t(`home.menu.${key}`)} />;
          })}
        </Section>
      ))}
    </List>
  );
}

/** Spec §2 "/": the home hub, opened from the chat's menu button. */
export function HomeScreen() {
  const t = useT();
  const { values } = useScreenParams('home');
  const { state, retry } = useHubUser();
  const picking: HubPick | undefined = values.pick;
  return (
    <Screen
      title={t('home.title')}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? { message: state.message, onRetry: retry } : null}
    >
      {state.status === 'ready' &&
        (picking && state.user.da ? (
          needsGroups(picking) ? (
            <GroupPicker entry={picking} user={state.user} />
          ) : (
            <AdvisoryPicker user={state.user} />
          )
        ) : (
          <HubEntries user={state.user} name={state.name} />
        ))}
    </Screen>
  );
}

export { HomeScreen as default };
