import { type HubGroupEntry, type HubUser, hubHref, hubLink } from '@gebere/contract/hub';
import { Button, Cell, Checkbox, List, Section } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { LoadState, ScreenMessage } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { currentLanguage, useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { historyDepth } from '../../lib/navigation';
import { loadOutbox } from '../../lib/outbox/load';
import { useOutboxStore } from '../../lib/outbox/view';
import { fetchKebeleGroups, type GroupOption } from './me-request';

type Groups =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; groups: GroupOption[] };

/** A group on the picker: the server's (its id), or one kept on the phone (its outbox key). */
interface Pickable {
  id: number | string;
  name: string;
}

/**
 * The kebele's groups, then those the outbox keeps that the list does not have (created
 * without signal, or saved since the list was fetched), marked while they wait for signal.
 */
function useWithKept(groups: readonly GroupOption[], kebele: number | undefined, mark: string): Pickable[] {
  const kept = useOutboxStore((s) => s.kept.groups);
  useEffect(() => {
    void loadOutbox()
      .then((m) => m.outbox())
      .catch(() => undefined);
  }, []);
  return useMemo(() => {
    const listed = new Set(groups.map((g) => g.id));
    const extra = kept
      .filter((g) => g.kebele === kebele && (g.id === undefined || !listed.has(g.id)))
      .map((g) => ({ id: g.key, name: g.waiting ? `${g.name} (${mark})` : g.name }));
    return [...groups, ...extra];
  }, [groups, kept, kebele, mark]);
}

/**
 * Record reach / Record adoption from the hub: the DA picks development groups of their kebele
 * (as the bot's picker does in the chat), then Continue opens the record screen for them
 * (`selectedids`, with the DA, the kebele and the chat filled in; `kept` for groups kept on the
 * phone).
 */
export function GroupPicker({ entry, user }: { entry: HubGroupEntry; user: HubUser }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [unchosen, setUnchosen] = useState(false);
  const kebele = user.da?.kebele;
  const { state: groups, retry } = useLoad<Groups>(
    kebele === undefined
      ? undefined
      : async () => {
          const r = await fetchKebeleGroups(kebele);
          return r.ok
            ? { status: 'ready', groups: r.groups }
            : { status: 'error', message: describeApiError(r.error) };
        },
    [kebele],
  );
  const shown = useWithKept(
    groups.status === 'ready' ? groups.groups : [],
    kebele,
    t('common.outbox.waiting_mark'),
  );

  const proceed = () => {
    if (groups.status !== 'ready') return;
    // The list's order, not the order of the taps (as the bot's picker).
    const picked = shown.map((g) => g.id).filter((id) => selected.includes(id));
    const link = hubLink(entry, user, {
      lang: currentLanguage(),
      selectedIds: picked.filter((id) => typeof id === 'number'),
      keptGroups: picked.filter((id) => typeof id === 'string'),
    });
    if (!link) return setUnchosen(true);
    navigate(hubHref(link), { state: { depth: historyDepth() + 1 } });
  };

  if (groups.status !== 'ready')
    return (
      <LoadState
        loading={groups.status === 'loading'}
        error={groups.status === 'error' ? { message: groups.message, onRetry: retry } : null}
      />
    );
  if (shown.length === 0) {
    // Nothing to record for yet: the way to add a group, as the bot's menu offers it.
    const add = hubLink('add_development_group', user, { lang: currentLanguage() });
    return (
      <ScreenMessage
        text={t('home.groups.none')}
        action={
          add && (
            <Link href={hubHref(add)} state={{ depth: historyDepth() + 1 }} asChild>
              <Button size="m" mode="bezeled" Component="a">
                {t('home.menu.add_development_group')}
              </Button>
            </Link>
          )
        }
      />
    );
  }
  return (
    <List>
      <Section header={t('home.groups.title')}>
        {shown.map((g) => (
          <Cell
            key={g.id}
            Component="label"
            multiline
            before={
              <Checkbox
                name="group"
                value={g.id}
                checked={selected.includes(g.id)}
                aria-label={g.name}
                onChange={(e) => {
                  setUnchosen(false);
                  const on = e.target.checked;
                  setSelected((all) => (on ? [...all, g.id] : all.filter((id) => id !== g.id)));
                }}
              />
            }
          >
            {g.name}
          </Cell>
        ))}
      </Section>
      {unchosen && (
        <p className="field-error" role="alert">
          {t('home.groups.select_required')}
        </p>
      )}
      <MainButtonSubmit text={t('home.groups.continue')} onClick={proceed} />
    </List>
  );
}
