import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { json, route, type SeenRequest } from '../../test/fake-fetch';

/** A small admin tree and the roles, as the embedded backend answers them. */
export const areas = {
  regions: [
    { id: 1, name: 'Amhara' },
    { id: 2, name: 'Oromia' },
  ],
  zones: { '1': [{ id: 11, name: 'North Gondar' }], '2': [{ id: 21, name: 'East Shewa' }] } as Record<
    string,
    { id: number; name: string }[]
  >,
  woredas: { '11': [{ id: 111, name: 'Dabat' }], '21': [{ id: 211, name: 'Adama' }] } as Record<
    string,
    { id: number; name: string }[]
  >,
  kebeles: {
    '111': [{ id: 1111, name: 'Kebele 01' }],
    '211': [{ id: 2111, name: 'Kebele 02' }],
  } as Record<string, { id: number; name: string }[]>,
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

export const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
export const optionsOf = (label: string) => [...select(label).options].map((o) => o.text);

/** Picks an option once the select's list has arrived. */
export async function choose(user: User, label: string, option: string) {
  await waitFor(() => expect(optionsOf(label)).toContain(option));
  await waitFor(() => expect(select(label)).toBeEnabled());
  await user.selectOptions(select(label), option);
}

/** Chooses Amhara → North Gondar → Dabat (→ Kebele 01 unless `kebele` is false). */
export async function chooseArea(user: User, { kebele = true } = {}) {
  await choose(user, 'Region', 'Amhara');
  await choose(user, 'Zone', 'North Gondar');
  await choose(user, 'Woreda', 'Dabat');
  if (kebele) await choose(user, 'Kebele', 'Kebele 01');
}

export const bodiesOf = (requests: SeenRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);

/** The bot user of the link (id 8) as the backend answers the VERIFIED patch. */
export const verifiedBotUser = {
  id: 8,
  telegram_id: 1000001,
  chat_id: 1000001,
  first_name: 'Abebe',
  language: 'en',
  phone_number: '912345678',
  verification_status: 'VERIFIED',
  da_profile: 70,
  grants: [],
  report_user: null,
};
