import type { DevelopmentGroup } from '@gebere/contract';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, route, type SeenRequest } from '../../test-kit/fake-fetch';
import { fillIn } from '../../test-kit/forms';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { FarmerRegistrationScreen } from './farmer-registration-screen';

// A loaded CI machine can take over a second between a press and the answer on screen.
configure({ asyncUtilTimeout: 5000 });

/** A group imported without a creator, and one a DA made (spec §3's two existing-group variants). */
export const groups: DevelopmentGroup[] = [
  { id: 11, group_name: 'Abay', group_type: 'mixed', kebele: 9, created_by: null },
  { id: 12, group_name: 'Tesfa', group_type: 'women_only', kebele: 9, created_by: 5 },
];

export const GROUPS_PATH = '/backend/api/development-groups/';
export const FARMERS_PATH = '/backend/api/farmer-profiles/';

export const groupsRoute = (list: DevelopmentGroup[] = groups) =>
  route('GET', GROUPS_PATH, () => json(200, list));
export const farmerPosts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === FARMERS_PATH);
export const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');

export const handBackRoute = () =>
  route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' }));

export function savedFarmer(overrides: Record<string, unknown> = {}) {
  return {
    id: 77,
    farmer_name: 'Abebe',
    father_name: 'Kebede',
    grand_father_name: 'Tadesse',
    phone_number: '911223344',
    gender: 'male',
    kebele: 9,
    development_group: 11,
    created_by: 5,
    ...overrides,
  };
}

export const FARMER_URL = `/farmer_registration?${signedQuery({ da_id: 5, kebele_id: 9 })}`;

export function setup(url = FARMER_URL) {
  openAt(url);
  const user = userEvent.setup();
  const view = renderInApp(<FarmerRegistrationScreen />);
  return { user, url, view };
}

export const registerButton = () => screen.getByRole('button', { name: 'Register' });
export const field = (label: string) => screen.getByLabelText(label);
export const formReady = () => screen.findByLabelText('Farmer name');

type User = ReturnType<typeof userEvent.setup>;

/** Fills the farmer's own fields with valid values (the group is chosen by each test). */
export async function fillPerson(user: User, phone = '0911223344') {
  await user.type(field('Farmer name'), 'Abebe');
  await user.type(field("Father's name"), 'Kebede');
  await user.type(field("Grandfather's name"), 'Tadesse');
  await fillIn(user, field('Phone number'), phone);
  await user.selectOptions(field('Gender'), 'male');
}

/**
 * Loads the chunks the screen fetches lazily (API client, contract + zod, the form schema)
 * before the tests, so the first test does not pay for them inside its time limit.
 */
export async function warmLazyChunks() {
  await Promise.all([
    import('../../lib/api/lazy-client').then((m) => m.loadApiClient()),
    import('./form-schema'),
  ]);
}
