import { type HubUser, hubHref, hubLink } from '@gebere/contract/hub';
import { Cell, List, Section } from '@telegram-apps/telegram-ui';
import { Link } from 'wouter';
import { LoadState, ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { currentLanguage, useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { historyDepth } from '../../lib/navigation';
import { type AdvisoryOption, fetchKebeleAdvisories } from './me-request';

type Advisories =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; advisories: AdvisoryOption[] };

/**
 * Give feedback from the hub: the DA picks one of the latest advisories for their kebele (the
 * ones the bot delivered to them), and its feedback screen opens, as the advisory message's
 * own button opens it in the chat.
 */
export function AdvisoryPicker({ user }: { user: HubUser }) {
  const t = useT();
  const lang = currentLanguage();
  const kebele = user.da?.kebele;
  const { state, retry } = useLoad<Advisories>(
    kebele === undefined
      ? undefined
      : async () => {
          const r = await fetchKebeleAdvisories(kebele, lang);
          return r.ok
            ? { status: 'ready', advisories: r.advisories }
            : { status: 'error', message: describeApiError(r.error) };
        },
    [kebele, lang],
  );

  if (state.status !== 'ready')
    return (
      <LoadState
        loading={state.status === 'loading'}
        error={state.status === 'error' ? { message: state.message, onRetry: retry } : null}
      />
    );
  if (state.advisories.length === 0) return <ScreenMessage text={t('home.advisories.none')} />;
  return (
    <List>
      <Section header={t('home.advisories.title')}>
        {state.advisories.map((a) => {
          const link = hubLink('feedback', user, { lang, advisoryId: a.id });
          return (
            link && (
              <Link key={a.id} href={hubHref(link)} state={{ depth: historyDepth() + 1 }} asChild>
                <Cell Component="a" className="menu-cell" multiline>
                  {a.label || t('home.advisories.untitled', { id: a.id })}
                </Cell>
              </Link>
            )
          );
        })}
      </Section>
    </List>
  );
}
