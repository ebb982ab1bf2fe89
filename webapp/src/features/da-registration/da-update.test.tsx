import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAdminAreaCache } from '../../lib/api/admin-areas';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { bodiesOf, referenceRoutes, select } from '../../test-kit/forms';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { DaRegistrationScreen } from './da-registration-screen';
import { verifiedBotUser } from './test-kit';

// Whole forms are filled key by key and the first call loads the API client chunk: a busy
// 2-core CI box needs more than the default 5 s per test and 1 s per wait.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

/** The stored DA: its role id says Crop (1) but its specialization label says Livestock (2). */
const profile = {
  id: 70,
  first_name: 'Almaz',
  father_name: 'Bekele',
  grand_father_name: 'Haile',
  phone_number: '912345678',
  telegram_phone_number: '712345678',
  sex: 'female',
  region: 2,
  zone: 21,
  woreda: 211,
  kebele: 2111,
  role: 1,
  created_by: 8,
  specialization: ' livestock ',
};

const lookup = (found: unknown[]) => route('GET', '/backend/api/da-profiles/', () => json(200, found));
/** The organisation's DA list (`/development-agents/`): update_outbound's lookup. */
const outboundLookup = (found: unknown[]) =>
  route('GET', '/backend/development-agents/', () => json(200, found));
/** A roster entry as `/development-agents/` answers it: the profile's shape, no creator, id from 1e9. */
const rosterEntry = {
  ...profile,
  id: 1_000_000_004,
  father_name: 'Roster',
  telegram_phone_number: '912345678',
  created_by: null,
  specialization: 'Livestock',
};
const finishRoutes = () => [
  route('PATCH', '/backend/api/bot-users/8/', () => json(200, verifiedBotUser)),
  route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
];

function open(mode: 'register' | 'update', params: Record<string, string | number>) {
  const path = mode === 'update' ? '/da_update_profile' : '/da_registration';
  openAt(`${path}?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<DaRegistrationScreen mode={mode} />);
  return user;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const linkParams = { user_id: 8, phone_number: '+251 912 345 678' };

describe('DA update profile', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
  });

  it('loads the profile by the normalised phone and prefills every field, the cascade and the role', async () => {
    const { requests } = installFakeFetch(lookup([profile]), ...referenceRoutes());
    open('update', linkParams);
    expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Update profile' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/backend/api/da-profiles/')?.query.get('phone_number')).toBe(
      '912345678',
    );
    expect(field('First name')).toHaveValue('Almaz');
    expect(field("Father's name")).toHaveValue('Bekele');
    expect(field("Grandfather's name")).toHaveValue('Haile');
    expect(field('Phone number')).toHaveValue('0912345678');
    expect(field('Telegram phone number')).toHaveValue('0712345678');
    expect(screen.getByLabelText('Female')).toBeChecked();
    // Matched by the specialization label (Livestock), not the stored role id (Crop).
    expect(select('Role')).toHaveValue('2');
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    expect(select('Region')).toHaveValue('2');
    expect(select('Zone')).toHaveValue('21');
    expect(select('Woreda')).toHaveValue('211');
    expect(select('Kebele')).toHaveValue('2111');
    expect(select('Kebele').selectedOptions[0]?.text).toBe('Kebele 02');
  });

  it('PUTs the edited profile, makes the bot user VERIFIED, toasts the update text and hands back', async () => {
    const { requests } = installFakeFetch(
      lookup([profile]),
      route('PUT', '/backend/api/da-profiles/70/', (r) => json(200, { ...profile, ...(r.body as object) })),
      ...finishRoutes(),
      ...referenceRoutes(),
    );
    const user = open('update', linkParams);
    await screen.findByRole('button', { name: 'Update' });
    await user.clear(field('First name'));
    await user.type(field('First name'), 'Almaze');
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(bodiesOf(requests, 'PUT', '/backend/api/da-profiles/70/')).toEqual([
      {
        first_name: 'Almaze',
        father_name: 'Bekele',
        grand_father_name: 'Haile',
        phone_number: '912345678',
        telegram_phone_number: '712345678',
        sex: 'female',
        region: 2,
        zone: 21,
        woreda: 211,
        kebele: 2111,
        role: 2,
        created_by: 8,
      },
    ]);
    expect(requests.some((r) => r.method === 'POST' && r.path === '/backend/api/da-profiles/')).toBe(false);
    expect(bodiesOf(requests, 'PATCH', '/backend/api/bot-users/8/')).toEqual([
      { id: 8, verification_status: 'VERIFIED' },
    ]);
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'da_registered', da_id: 70, name: 'Almaze Bekele Haile', update: true } },
    ]);
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
  });

  it("shows a 400's field errors and toasts the update error", async () => {
    installFakeFetch(
      lookup([profile]),
      route('PUT', '/backend/api/da-profiles/70/', () =>
        json(400, { telegram_phone_number: ['Not yours.'], role: ['Invalid pk "2".', 'Pick another.'] }),
      ),
      ...referenceRoutes(),
    );
    const user = open('update', linkParams);
    await screen.findByRole('button', { name: 'Update' });
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Error updating DA, please check the form try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not yours.')).toBeInTheDocument();
    expect(screen.getByText('Invalid pk "2"., Pick another.')).toBeInTheDocument();
    expect(field('Telegram phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Role')).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not register instead when a plain update answers 404', async () => {
    const { requests } = installFakeFetch(
      lookup([profile]),
      route('PUT', '/backend/api/da-profiles/70/', () => json(404, { detail: 'Not found.' })),
      ...referenceRoutes(),
    );
    const user = open('update', linkParams);
    await screen.findByRole('button', { name: 'Update' });
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Error updating DA, please check the form try again.'),
    ).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  // With no answer the update may have been saved; pressing Update again is safe.
  it('says the update is not confirmed on a network failure, naming the Update button', async () => {
    const fake = installFakeFetch(lookup([profile]), ...referenceRoutes());
    const user = open('update', linkParams);
    await screen.findByRole('button', { name: 'Update' });
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    fake.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText(
        'No connection: we could not confirm it was saved. What you entered is kept here. Press “Update” again when you have signal; it will not be saved twice.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error updating DA, please check the form try again.')).not.toBeInTheDocument();
  });

  it('says so when no DA profile has the phone number', async () => {
    installFakeFetch(lookup([]), ...referenceRoutes());
    open('update', linkParams);
    expect(
      await screen.findByText('No DA profile was found for this phone number. Please register first.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('asks to reopen from the bot when the phone number is missing or not a phone', () => {
    installFakeFetch(...referenceRoutes());
    open('update', { user_id: 8, phone_number: '12' });
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
  });
});

describe('DA registration with update_outbound', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
  });

  const outboundParams = { ...linkParams, update_outbound: 'true' };

  it('prefills from the roster entry, tries its update first and registers on 404', async () => {
    const { requests } = installFakeFetch(
      outboundLookup([rosterEntry]),
      route('PUT', '/backend/api/da-profiles/1000000004/', () => json(404, { detail: 'Not found.' })),
      route('POST', '/backend/api/da-profiles/', (r) =>
        json(201, { ...profile, ...(r.body as object), id: 91 }),
      ),
      ...finishRoutes(),
      ...referenceRoutes(),
    );
    const user = open('register', outboundParams);
    const button = await screen.findByRole('button', { name: 'Register' });
    expect(requests.find((r) => r.path === '/backend/development-agents/')?.query.get('phone_number')).toBe(
      '912345678',
    );
    expect(requests.some((r) => r.path === '/backend/api/da-profiles/' && r.method === 'GET')).toBe(false);
    // Every field from the roster, the Telegram phone the link's (the one Telegram verified).
    expect(field('First name')).toHaveValue('Almaz');
    expect(field("Father's name")).toHaveValue('Roster');
    expect(field('Phone number')).toHaveValue('0912345678');
    expect(field('Telegram phone number')).toHaveValue('0912345678');
    expect(screen.getByLabelText('Female')).toBeChecked();
    expect(select('Role')).toHaveValue('2');
    await waitFor(() => expect(select('Kebele')).toHaveValue('2111'));
    await user.click(button);

    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const writes = requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(writes).toEqual([
      'PUT /backend/api/da-profiles/1000000004/',
      'POST /backend/api/da-profiles/',
      'PATCH /backend/api/bot-users/8/',
      'POST /tg/result',
    ]);
    const sent = bodiesOf(requests, 'POST', '/backend/api/da-profiles/')[0];
    expect(sent).toEqual(bodiesOf(requests, 'PUT', '/backend/api/da-profiles/1000000004/')[0]);
    expect(sent).toMatchObject({
      first_name: 'Almaz',
      father_name: 'Roster',
      phone_number: '912345678',
      telegram_phone_number: '912345678',
      kebele: 2111,
      role: 2,
      created_by: 8,
    });
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'da_registered', da_id: 91, name: 'Almaz Roster Haile', update: false } },
    ]);
    expect(screen.getByText('Registration Successful!')).toBeInTheDocument();
  });

  it('keeps the update when it succeeds', async () => {
    const { requests } = installFakeFetch(
      outboundLookup([profile]),
      route('PUT', '/backend/api/da-profiles/70/', () => json(200, profile)),
      ...finishRoutes(),
      ...referenceRoutes(),
    );
    const user = open('register', outboundParams);
    const button = await screen.findByRole('button', { name: 'Register' });
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    await user.click(button);
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/backend/api/da-profiles/')).toBe(false);
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'da_registered', da_id: 70, name: 'Almaz Bekele Haile', update: true } },
    ]);
  });

  it('toasts the registration error when the fallback registration fails', async () => {
    installFakeFetch(
      outboundLookup([profile]),
      route('PUT', '/backend/api/da-profiles/70/', () => json(404, { detail: 'Not found.' })),
      route('POST', '/backend/api/da-profiles/', () => json(400, { phone_number: ['Taken.'] })),
      ...referenceRoutes(),
    );
    const user = open('register', outboundParams);
    const button = await screen.findByRole('button', { name: 'Register' });
    await waitFor(() => expect(select('Kebele')).toBeEnabled());
    await user.click(button);
    expect(
      await screen.findByText('Error registering DA, please check the form try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Taken.')).toBeInTheDocument();
  });

  it('registers directly when no profile has the phone number', async () => {
    const { requests } = installFakeFetch(outboundLookup([]), ...referenceRoutes());
    open('register', outboundParams);
    await screen.findByRole('button', { name: 'Register' });
    expect(field('First name')).toHaveValue('');
    expect(field('Phone number')).toHaveValue('0912345678');
    expect(requests.some((r) => r.path === '/backend/development-agents/')).toBe(true);
  });
});
