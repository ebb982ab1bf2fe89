import type { ScreenName } from '@gebere/contract/screens';
import { List, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useEffect, useMemo, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { Screen } from '../../components/screen';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import { keepReadyFor } from '../../lib/offline-cache/read-through';
import { toast } from '../../lib/ui/toast';
import { haptic } from '../../telegram';
import { type AdminArea, lowestAdminArea } from './admin-area';
import type { RecordKind } from './calls';
import { FarmerGroups } from './farmer-groups';
import { HierarchyLevels } from './hierarchy-levels';
import { LAST_LEVEL, type Level } from './hierarchy-store';
import { allPairs } from './pairs';
import { SubmitStatus } from './submit-status';
import { groupsArea, useGroups } from './use-groups';
import { useHierarchy } from './use-hierarchy';
import { useRecordSubmit } from './use-record-submit';
import './reach-adoption.css';
import reachTexts from '@gebere/i18n/locales/en/reach.json';
import { SubmitForm } from '../../components/submit-form';
import { addEnglish } from '../../lib/i18n/resources-en';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('reach', reachTexts);

interface FormProps {
  kind: RecordKind;
  daId: number;
  groupIds: readonly number[];
  /** Groups kept on the phone (the link's `kept`: outbox keys). */
  keptKeys: readonly string[];
  linkArea: AdminArea | undefined;
}

function useTitles(kind: RecordKind) {
  const t = useT();
  const p = kind === 'reach' ? 'reach.reach_titles' : 'reach.adoption_titles';
  const levels: Record<Level, string> = {
    value_chain_category: t(`${p}.value_chain_category`),
    value_chain: t(`${p}.value_chain`),
    practice: t(`${p}.practice`),
    sub_practice: t(`${p}.sub_practice`),
    advisory: t(`${p}.advisory`),
  };
  return { farmers: t(`${p}.farmers`), levels };
}

function ReachAdoptionForm({ kind, daId, groupIds, keptKeys, linkArea }: FormProps) {
  const t = useT();
  const titles = useTitles(kind);
  const { groups, retry } = useGroups(kind, groupIds, keptKeys);

  // The area is fixed once known, so a group loading late can never reset the hierarchy.
  const [area, setArea] = useState(linkArea);
  useEffect(() => {
    if (!area) setArea(groupsArea(groups));
  }, [area, groups]);
  const { store, state } = useHierarchy(area);
  // With signal, the rest of the kebele's lists are kept for later offline use.
  useEffect(() => {
    if (area?.level === 'kebele') keepReadyFor(area.id);
  }, [area]);

  const [selected, setSelected] = useState<ReadonlySet<number | string>>(() => new Set());
  const toggleFarmers = (ids: readonly (number | string)[], on: boolean) => {
    haptic.selection();
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });
  };
  // Only farmers on screen count (a group reloaded after an error may list others).
  const farmers = useMemo(
    () =>
      groups
        .flatMap((g) => (g.status === 'ready' ? g.farmers.map((f) => f.id) : []))
        .filter((id) => selected.has(id)),
    [groups, selected],
  );
  const uniqueFarmers = [...new Set(farmers)];
  const advisories = [...(state.checked[LAST_LEVEL] ?? [])];

  const { phase, busy, submit } = useRecordSubmit(kind, daId);
  const [tried, setTried] = useState(false);
  const farmerError =
    tried && !uniqueFarmers.length ? t('validation.please_select_atleast_one_farmer') : undefined;
  const advisoryError =
    tried && !advisories.length ? t('validation.please_select_atleast_one_advisory') : undefined;

  const onSubmit = () => {
    setTried(true);
    if (!uniqueFarmers.length || !advisories.length) {
      haptic.notify('error');
      toast.error(
        t(
          uniqueFarmers.length
            ? 'validation.please_select_atleast_one_advisory'
            : 'validation.please_select_atleast_one_farmer',
        ),
      );
      return;
    }
    void submit(allPairs(uniqueFarmers, advisories));
  };

  return (
    <SubmitForm onSubmit={onSubmit}>
      <List className="ra-list">
        <FarmerGroups
          kind={kind}
          title={titles.farmers}
          groups={groups}
          selected={selected}
          onToggle={toggleFarmers}
          onRetry={(id) => typeof id === 'number' && void retry(id)}
          disabled={busy}
          error={farmerError}
        />
        {store ? (
          <HierarchyLevels
            state={state}
            titles={titles.levels}
            onToggle={(level, node, on) => {
              haptic.selection();
              store.toggle(level, node, on);
            }}
            onRetry={(level, parentId) => store.retry(level, parentId)}
            disabled={busy}
            error={advisoryError}
          />
        ) : (
          <Section header={titles.levels.value_chain_category}>
            <div className="ra-row-status" role="status" aria-label={t('common.loading')}>
              <Spinner size="s" />
            </div>
          </Section>
        )}
      </List>
      <SubmitStatus
        phase={phase}
        summary={t('reach.selection_summary', {
          farmers: t('reach.selected_farmers', { count: uniqueFarmers.length }),
          advisories: t('reach.selected_advisories', { count: advisories.length }),
        })}
      />
      <MainButtonSubmit text={t('common.submit')} onClick={onSubmit} loading={busy} />
    </SubmitForm>
  );
}

const NONE: readonly string[] = [];

/**
 * Spec §2 /record_reach and /record_adoption?chatid=&user_id=&selectedids=: the farmers of the
 * selected development groups, the value-chain hierarchy down to advisories, and one record per
 * farmer × advisory pair on submit (see README.md beside this file: the optional
 * kebele_id / woreda_id / zone_id / region_id, batching, retries). `user_id` is the DA.
 */
export function ReachAdoptionScreen({ kind }: { kind: RecordKind }) {
  const t = useT();
  const title = t(kind === 'reach' ? 'reach.title_reach' : 'reach.title_adoption');
  const link = useScreenParams(kind === 'reach' ? 'recordReach' : 'recordAdoption');
  const linkArea = useMemo(() => lowestAdminArea(link.values), [link]);

  if (!link.complete) return <Screen title={title} missing={link.missing} />;
  const { user_id: daId, selectedids: groupIds, kept = NONE } = link.values;
  if (!groupIds.length && !kept.length)
    return <Screen title={title} error={{ message: t('reach.no_groups_selected') }} />;
  return (
    <Screen title={title}>
      <ReachAdoptionForm kind={kind} daId={daId} groupIds={groupIds} keptKeys={kept} linkArea={linkArea} />
    </Screen>
  );
}

/** The registry's two screens this folder draws. */
export default function ReachAdoptionView({ screen }: { screen: ScreenName }) {
  return <ReachAdoptionScreen kind={screen === 'recordAdoption' ? 'adoption' : 'reach'} />;
}
