import type { KebeleFarmer } from '@gebere/contract';
import { farmerFullName } from '@gebere/contract/rules';
import { prefillPhone } from '@gebere/phone';
import { Cell, Input, List, Section } from '@telegram-apps/telegram-ui';
import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../lib/i18n/texts';
import { historyDepth } from '../../lib/navigation';
import { indexFarmers, searchFarmers } from './search';

/** How many farmers a search shows at once: more is typed, not scrolled, on a cheap phone. */
export const SHOWN = 50;

interface Group {
  id: number;
  name: string;
  farmers: KebeleFarmer[];
  mine: boolean;
}

/** The farmers by group: groups with farmers the DA registered first, then by name. */
function byGroup(farmers: readonly KebeleFarmer[], daId: number): Group[] {
  const groups = new Map<number, Group>();
  for (const f of farmers) {
    let g = groups.get(f.development_group);
    if (!g) {
      g = { id: f.development_group, name: f.group_name, farmers: [], mine: false };
      groups.set(g.id, g);
    }
    g.farmers.push(f);
    if (f.created_by === daId) g.mine = true;
  }
  return [...groups.values()].sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name));
}

function FarmerCell({ farmer, href, group }: { farmer: KebeleFarmer; href: string; group?: string }) {
  return (
    <Link href={href} state={{ depth: historyDepth() + 1 }} asChild>
      <Cell
        Component="a"
        className="mf-farmer"
        subtitle={[group, prefillPhone(farmer.phone_number)].filter(Boolean).join(' · ')}
      >
        {farmerFullName(farmer)}
      </Cell>
    </Link>
  );
}

/**
 * The kebele's farmers, by group when nothing is typed (a group opens to its farmers), else the
 * farmers the search finds, best first, at most {@link SHOWN}.
 */
export function FarmerList({
  farmers,
  daId,
  hrefOf,
}: {
  farmers: readonly KebeleFarmer[];
  daId: number;
  hrefOf: (farmer: number) => string;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  // A keystroke draws the box at once; the list follows when the phone has time.
  const typed = useDeferredValue(query);
  const index = useMemo(() => indexFarmers(farmers), [farmers]);
  const groups = useMemo(() => byGroup(farmers, daId), [farmers, daId]);
  const found = useMemo(() => (typed.trim() ? searchFarmers(index, typed) : null), [index, typed]);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <>
      <Input
        className="mf-search"
        type="search"
        header={t('registry.search')}
        placeholder={t('registry.search')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      {found === null ? (
        <>
          <p className="screen-subtitle" aria-live="polite">
            {t('registry.count', { count: farmers.length })}
          </p>
          <List>
            {groups.map((g) => (
              <Section key={g.id}>
                <Cell
                  Component="button"
                  className="mf-group group-head"
                  aria-expanded={open.has(g.id)}
                  onClick={() => toggle(g.id)}
                  subtitle={g.mine ? t('registry.yours') : undefined}
                  after={String(g.farmers.length)}
                >
                  {g.name}
                </Cell>
                {open.has(g.id) &&
                  g.farmers.map((f) => <FarmerCell key={f.id} farmer={f} href={hrefOf(f.id)} />)}
              </Section>
            ))}
          </List>
        </>
      ) : (
        <>
          <p className="screen-subtitle" aria-live="polite">
            {found.length
              ? t('registry.found', { count: found.length })
              : t('registry.none_found', { query: typed.trim() })}
          </p>
          {found.length > 0 && (
            <List>
              <Section>
                {found.slice(0, SHOWN).map((f) => (
                  <FarmerCell key={f.id} farmer={f} href={hrefOf(f.id)} group={f.group_name} />
                ))}
              </Section>
            </List>
          )}
          {found.length > SHOWN && (
            <p className="screen-subtitle">{t('registry.more', { count: found.length - SHOWN })}</p>
          )}
        </>
      )}
    </>
  );
}
