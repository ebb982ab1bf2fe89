import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAdminAreaCache } from '../../lib/api/admin-areas';
import { initI18n } from '../../lib/i18n/texts';
import { outsideTelegram, setLaunchForTests } from '../../telegram/launch';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import {
  bodiesOf,
  choose,
  fillIn,
  optionsOf,
  referenceRoutes,
  select,
  type User,
} from '../../test-kit/forms';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { ReportUserScreen } from './report-user-screen';

// Whole forms are filled key by key and the first call loads the API client chunk: a busy
// 2-core CI box needs more than the default 5 s per test and 1 s per wait.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const stored = {
  id: 31,
  name: 'Hirut Alemu',
  phone_no: '712345678',
  gender: 'female',
  region: 2,
  zone: 21,
  woreda: 211,
  created_by: 1000001,
};

function open(params: Record<string, string | number> = { lang: 'en' }) {
  openAt(`/register_report_user?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<ReportUserScreen />);
  return user;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: 'Register' | 'Update') => screen.findByRole('button', { name });

async function fill(user: User, phone = '0912345678') {
  await screen.findByLabelText('Full name');
  await user.type(field('Full name'), ' Hirut Alemu ');
  await fillIn(user, field('Phone number'), phone);
  await user.click(screen.getByLabelText('Female'));
  await choose(user, 'Region', 'Amhara');
  await choose(user, 'Zone', 'North Gondar');
  await choose(user, 'Woreda', 'Dabat');
}

const handBackRoute = () => route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' }));

describe('Report user registration', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it('shows name, phone, gender and the cascade down to woreda, with Register', async () => {
    installFakeFetch(...referenceRoutes());
    open();
    expect(await button('Register')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Report user registration' })).toBeInTheDocument();
    for (const label of ['Full name', 'Phone number', 'Region', 'Zone', 'Woreda'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Kebele')).not.toBeInTheDocument();
  });

  it('requires every field and sends nothing', async () => {
    const { requests } = installFakeFetch(...referenceRoutes());
    const user = open();
    await user.click(await button('Register'));
    expect(await screen.findAllByText('Required')).toHaveLength(6);
    expect(select('Woreda')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('checks the phone against 09/07 + 8 digits', async () => {
    const { requests } = installFakeFetch(...referenceRoutes());
    const user = open();
    await fill(user, '0612345678');
    await user.click(await button('Register'));
    expect(
      await screen.findByText('Phone number must start with 09 or 07 and have 10 digits'),
    ).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('disables zone and woreda until the level above is chosen and clears them on a change', async () => {
    installFakeFetch(...referenceRoutes());
    const user = open();
    await button('Register');
    await waitFor(() => expect(select('Region')).toBeEnabled());
    expect(select('Zone')).toBeDisabled();
    expect(select('Woreda')).toBeDisabled();
    await choose(user, 'Region', 'Amhara');
    await choose(user, 'Zone', 'North Gondar');
    await choose(user, 'Woreda', 'Dabat');
    await choose(user, 'Region', 'Oromia');
    expect(select('Zone')).toHaveValue('');
    expect(select('Woreda')).toHaveValue('');
    expect(select('Woreda')).toBeDisabled();
  });

  it('registers with the normalised phone and the signed link user as created_by, then hands back', async () => {
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/report-users/', (r) => json(201, { id: 31, ...(r.body as object) })),
      handBackRoute(),
    );
    const user = open();
    await fill(user);
    await user.click(await button('Register'));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(bodiesOf(requests, 'POST', '/backend/api/report-users/')).toEqual([
      {
        name: 'Hirut Alemu',
        phone_no: '912345678',
        gender: 'female',
        region: 1,
        zone: 11,
        woreda: 111,
        created_by: 1000001,
      },
    ]);
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'report_user_saved', report_user_id: 31, name: 'Hirut Alemu', update: false } },
    ]);
    expect(screen.getByText('Report User registered successfully.')).toBeInTheDocument();
  });

  it('takes created_by from the Telegram initData user when there is one', async () => {
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/report-users/', (r) => json(201, { id: 32, ...(r.body as object) })),
      handBackRoute(),
    );
    openAt('/register_report_user?lang=en');
    setLaunchForTests({ ...outsideTelegram, rawInitData: 'user=%7B%22id%22%3A555%7D&hash=x', userId: 555 });
    const user = userEvent.setup({ delay: null });
    renderInApp(<ReportUserScreen />);
    await fill(user);
    await user.click(await button('Register'));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const post = requests.find((r) => r.path === '/backend/api/report-users/');
    expect(post?.body).toMatchObject({ created_by: 555 });
    expect(post?.headers.Authorization).toBe('tma user=%7B%22id%22%3A555%7D&hash=x');
  });

  it("shows a 400's field errors on their fields and toasts the registration error", async () => {
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/report-users/', () =>
        json(400, { phone_no: ['Taken.', 'Use another.'], woreda: ['Not in this zone.'] }),
      ),
    );
    const user = open();
    await fill(user);
    await user.click(await button('Register'));
    expect(
      await screen.findByText('Error registering Report User, please check the form and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Taken., Use another.')).toBeInTheDocument();
    expect(screen.getByText('Not in this zone.')).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((r) => r.path === '/tg/result')).toBe(false);
  });

  // With no answer the profile may be saved or not; "check the form" would mislead.
  it('says the save is not confirmed on a network failure and keeps the form', async () => {
    const fake = installFakeFetch(...referenceRoutes());
    const user = open();
    await fill(user);
    fake.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(await button('Register'));
    expect(
      await screen.findByText(
        'No connection: we could not confirm it was saved. What you entered is kept here. Press “Register” again when you have signal; it will not be saved twice.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Error registering Report User, please check the form and try again.'),
    ).not.toBeInTheDocument();
    expect(field('Full name')).toHaveValue(' Hirut Alemu ');
  });

  it('does not register twice when only the hand-back failed', async () => {
    let handBacks = 0;
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/report-users/', (r) => json(201, { id: 31, ...(r.body as object) })),
      route('POST', '/tg/result', () =>
        ++handBacks === 1 ? json(502, {}) : json(200, { delivered: 'chat_message' }),
      ),
    );
    const user = open();
    await fill(user);
    await user.click(await button('Register'));
    expect(await screen.findByText('Error sending message to bot, please try again')).toBeInTheDocument();
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(handBacks).toBe(2));
    expect(bodiesOf(requests, 'POST', '/backend/api/report-users/')).toHaveLength(1);
  });

  it('speaks Amharic when the link says lang=am', async () => {
    await initI18n('am');
    installFakeFetch(...referenceRoutes());
    const user = open({ lang: 'am' });
    await user.click(await screen.findByRole('button', { name: 'መዝግብ' }));
    expect(await screen.findAllByText('ያስፈልጋል')).toHaveLength(6);
    expect(screen.getByRole('heading', { name: 'የሪፖርት ተጠቃሚ ምዝገባ' })).toBeInTheDocument();
    expect(screen.getByLabelText('ሙሉ ስም')).toBeInTheDocument();
    // The cascade in Amharic: Amharic names where the areas have them, else the Latin ones.
    await choose(user, 'ክልል', 'ኦሮሚያ');
    await choose(user, 'ዞን', 'ምስራቅ ሸዋ');
    await choose(user, 'ወረዳ', 'Adama');
    expect(optionsOf('ክልል')).toEqual(['ይምረጡ…', 'አማራ', 'ኦሮሚያ']);
    expect([select('ክልል').value, select('ዞን').value, select('ወረዳ').value]).toEqual(['2', '21', '211']);
  });

  it('asks to open it again from the bot when it does not know the acting user', () => {
    installFakeFetch(...referenceRoutes());
    openAt('/register_report_user?lang=en');
    renderInApp(<ReportUserScreen />);
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });
});

describe('Report user update', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
  });

  const lookup = (found: unknown[]) => route('GET', '/backend/api/report-users/', () => json(200, found));

  it('loads the profile by created_by and prefills it, cascade included', async () => {
    const { requests } = installFakeFetch(lookup([stored]), ...referenceRoutes());
    open({ lang: 'en', update: 'true' });
    expect(await button('Update')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Update report user' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/backend/api/report-users/')?.query.get('created_by')).toBe(
      '1000001',
    );
    expect(field('Full name')).toHaveValue('Hirut Alemu');
    expect(field('Phone number')).toHaveValue('0712345678');
    expect(screen.getByLabelText('Female')).toBeChecked();
    await waitFor(() => expect(select('Woreda')).toBeEnabled());
    expect(select('Region')).toHaveValue('2');
    expect(select('Zone')).toHaveValue('21');
    expect(select('Woreda')).toHaveValue('211');
  });

  it('prefills the cascade with the Amharic names on an Amharic screen', async () => {
    await initI18n('am');
    try {
      installFakeFetch(lookup([stored]), ...referenceRoutes());
      open({ lang: 'am', update: 'true' });
      await waitFor(() => expect(select('ወረዳ')).toBeEnabled());
      const shown = (label: string) => select(label).selectedOptions[0]?.text;
      expect([shown('ክልል'), shown('ዞን'), shown('ወረዳ')]).toEqual(['ኦሮሚያ', 'ምስራቅ ሸዋ', 'Adama']);
    } finally {
      await initI18n('en');
    }
  });

  it('PUTs the profile, toasts the update text and hands back update: true', async () => {
    const { requests } = installFakeFetch(
      lookup([stored]),
      route('PUT', '/backend/api/report-users/31/', (r) => json(200, { id: 31, ...(r.body as object) })),
      handBackRoute(),
      ...referenceRoutes(),
    );
    const user = open({ lang: 'en', update: 'true' });
    await button('Update');
    await user.clear(field('Full name'));
    await user.type(field('Full name'), 'Hirut A.');
    await waitFor(() => expect(select('Woreda')).toBeEnabled());
    await user.click(await button('Update'));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(bodiesOf(requests, 'PUT', '/backend/api/report-users/31/')).toEqual([
      {
        name: 'Hirut A.',
        phone_no: '712345678',
        gender: 'female',
        region: 2,
        zone: 21,
        woreda: 211,
        created_by: 1000001,
      },
    ]);
    expect(requests.some((r) => r.method === 'POST' && r.path === '/backend/api/report-users/')).toBe(false);
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'report_user_saved', report_user_id: 31, name: 'Hirut A.', update: true } },
    ]);
    expect(screen.getByText('Report User updated successfully.')).toBeInTheDocument();
  });

  it('toasts the update error with the field errors on a 400', async () => {
    installFakeFetch(
      lookup([stored]),
      route('PUT', '/backend/api/report-users/31/', () => json(400, { name: ['Too short.'] })),
      ...referenceRoutes(),
    );
    const user = open({ lang: 'en', update: '1' });
    await button('Update');
    await waitFor(() => expect(select('Woreda')).toBeEnabled());
    await user.click(await button('Update'));
    expect(
      await screen.findByText('Error updating Report User, please check the form and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Too short.')).toBeInTheDocument();
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the registration form when the user has no profile yet', async () => {
    installFakeFetch(lookup([]), ...referenceRoutes());
    open({ lang: 'en', update: 'true' });
    expect(await button('Register')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Report user registration' })).toBeInTheDocument();
    expect(field('Full name')).toHaveValue('');
  });

  it('shows the error with a retry when the profile cannot be loaded', async () => {
    let calls = 0;
    installFakeFetch(
      route('GET', '/backend/api/report-users/', () => (++calls === 1 ? json(503, {}) : json(200, [stored]))),
      ...referenceRoutes(),
    );
    const user = open({ lang: 'en', update: 'true' });
    expect(await screen.findByText('Request failed with status code 503')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await button('Update')).toBeInTheDocument();
    expect(field('Full name')).toHaveValue('Hirut Alemu');
  });

  it('sends one Idempotency-Key per registration and retries a lost answer with it', async () => {
    let posts = 0;
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/report-users/', (r) => {
        if (++posts <= 3) throw new TypeError('Failed to fetch');
        return json(201, { id: 31, ...(r.body as object) });
      }),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const user = open();
    await fill(user);
    await user.click(await button('Register'));
    expect(
      await screen.findByText(/^No connection: we could not confirm it was saved\./),
    ).toBeInTheDocument();
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const keys = requests
      .filter((r) => r.method === 'POST' && r.path === '/backend/api/report-users/')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });
});
