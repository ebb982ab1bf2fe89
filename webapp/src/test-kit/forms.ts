import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { t } from '../lib/i18n/texts';
import { json, route, type SeenRequest } from './fake-fetch';

/**
 * What the form screens' tests share: the reference lists (admin areas, DA roles) as the
 * embedded backend answers them, and picking options in their selects.
 */

/**
 * A small admin tree and the roles, as the embedded backend answers them: regions and zones with
 * their Amharic names, woredas and kebeles without (until an operator imports them).
 */
type Area = { id: number; name: string; name_am: string | null };
export const areas = {
  regions: [
    { id: 1, name: 'Amhara', name_am: 'አማራ' },
    { id: 2, name: 'Oromia', name_am: 'ኦሮሚያ' },
  ],
  zones: {
    '1': [{ id: 11, name: 'North Gondar', name_am: 'ሰሜን ጎንደር' }],
    '2': [{ id: 21, name: 'East Shewa', name_am: 'ምስራቅ ሸዋ' }],
  } as Record<string, Area[]>,
  woredas: {
    '11': [{ id: 111, name: 'Dabat', name_am: null }],
    '21': [{ id: 211, name: 'Adama', name_am: null }],
  } as Record<string, Area[]>,
  kebeles: {
    '111': [{ id: 1111, name: 'Kebele 01', name_am: null }],
    '211': [{ id: 2111, name: 'Kebele 02', name_am: null }],
  } as Record<string, Area[]>,
};

export const roles = [
  { id: 1, name: 'Crop', name_am: 'የሰብል ልማት' },
  { id: 2, name: 'Livestock', name_am: 'የእንስሳት ልማት' },
  // No Amharic name yet: the English one shows on an Amharic form too.
  { id: 3, name: 'Natural Resource', name_am: null },
];

/** Handlers for the reference lists every form needs. */
export function referenceRoutes() {
  return [
    route('GET', '/backend/regions/', () => json(200, areas.regions)),
    route('GET', '/backend/zones/', (r) => json(200, areas.zones[r.query.get('region') ?? ''] ?? [])),
    route('GET', '/backend/woredas/', (r) => json(200, areas.woredas[r.query.get('zone') ?? ''] ?? [])),
    route('GET', '/backend/kebeles/', (r) => json(200, areas.kebeles[r.query.get('woreda') ?? ''] ?? [])),
    route('GET', '/backend/api/da-roles/', () => json(200, roles)),
  ];
}

export type User = ReturnType<typeof userEvent.setup>;

/**
 * Puts `text` in the field at once (clear, then paste), as Playwright's fill does: for fields
 * whose keystrokes are not what the test is about, a phone number typed key by key costs a
 * render per digit.
 */
export async function fillIn(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}

export const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
export const optionsOf = (label: string) => [...select(label).options].map((o) => o.text);

/** Picks an option once the select's list has arrived. */
export async function choose(user: User, label: string, option: string) {
  await waitFor(() => expect(optionsOf(label)).toContain(option));
  await waitFor(() => expect(select(label)).toBeEnabled());
  await user.selectOptions(select(label), option);
}

/**
 * Chooses Amhara → North Gondar → Dabat (→ Kebele 01 unless `kebele` is false); on an Amharic
 * screen (`am`) by the Amharic labels and names, Dabat and Kebele 01 having none.
 */
export async function chooseArea(user: User, { kebele = true, am = false } = {}) {
  // The labels in the screen's language ('Region', 'Zone', … in English).
  const label = (level: 'region' | 'zone' | 'woreda' | 'kebele') => t(`common.location.${level}`);
  await choose(user, label('region'), am ? 'አማራ' : 'Amhara');
  await choose(user, label('zone'), am ? 'ሰሜን ጎንደር' : 'North Gondar');
  await choose(user, label('woreda'), 'Dabat');
  if (kebele) await choose(user, label('kebele'), 'Kebele 01');
}

export const bodiesOf = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);
