import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAdminAreaCache } from '../../lib/api/admin-areas';
import { initI18n } from '../../lib/i18n/texts';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import {
  bodiesOf,
  choose,
  chooseArea,
  fillIn,
  optionsOf,
  referenceRoutes,
  select,
  type User,
} from '../../test-kit/forms';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { DaRegistrationScreen } from './da-registration-screen';
import { verifiedBotUser } from './test-kit';

// Whole forms are filled key by key and the first call loads the API client chunk: a busy
// 2-core CI box needs more than the default 5 s per test and 1 s per wait.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const created = {
  id: 70,
  first_name: 'Abebe',
  father_name: 'Kebede',
  grand_father_name: 'Tesfaye',
  phone_number: '912345678',
  telegram_phone_number: '712345678',
  sex: 'male',
  region: 1,
  zone: 11,
  woreda: 111,
  kebele: 1111,
  role: 2,
  created_by: 8,
  specialization: 'Livestock',
};

function open(params: Record<string, string | number> = { user_id: 8, phone_number: '251912345678' }) {
  openAt(`/da_registration?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<DaRegistrationScreen mode="register" />);
  return user;
}

const registerButton = () => screen.findByRole('button', { name: 'Register' });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillAll(user: User, phones = { phone: '0912345678', telegram: '0712345678' }) {
  await screen.findByLabelText('First name');
  await user.type(field('First name'), ' Abebe ');
  await user.type(field("Father's name"), 'Kebede');
  await user.type(field("Grandfather's name"), 'Tesfaye');
  await fillIn(user, field('Phone number'), phones.phone);
  await fillIn(user, field('Telegram phone number'), phones.telegram);
  await user.click(screen.getByLabelText('Male'));
  await chooseArea(user);
  await choose(user, 'Role', 'Livestock');
}

const saveRoutes = () => [
  route('POST', '/backend/api/da-profiles/', () => json(201, created)),
  route('PATCH', '/backend/api/bot-users/8/', () => json(200, verifiedBotUser)),
  route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
];

describe('DA registration', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it('shows every field of the DA form, the roles from the server and the Register button', async () => {
    installFakeFetch(...referenceRoutes());
    open();
    expect(await registerButton()).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'DA registration' })).toBeInTheDocument();
    for (const label of [
      'First name',
      "Father's name",
      "Grandfather's name",
      'Phone number',
      'Telegram phone number',
      'Region',
      'Zone',
      'Woreda',
      'Kebele',
      'Role',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toBeInTheDocument();
    expect(optionsOf('Role')).toEqual(['Select…', 'Crop', 'Livestock', 'Natural Resource']);
  });

  it('prefills both phones from the shared number, a 9… number getting its leading 0', async () => {
    installFakeFetch(...referenceRoutes());
    open({ user_id: 8, phone_number: '912345678' });
    await registerButton();
    expect(field('Phone number')).toHaveValue('0912345678');
    expect(field('Telegram phone number')).toHaveValue('0912345678');
  });

  it('prefills +251 numbers as 09…', async () => {
    installFakeFetch(...referenceRoutes());
    open({ user_id: 8, phone_number: '+251712345678' });
    await registerButton();
    expect(field('Phone number')).toHaveValue('0712345678');
    expect(field('Telegram phone number')).toHaveValue('0712345678');
  });

  it('requires every field and sends nothing', async () => {
    const { requests } = installFakeFetch(...referenceRoutes());
    const user = open({ user_id: 8 });
    await user.click(await registerButton());
    // 5 texts + gender + 4 admin levels + role
    expect(await screen.findAllByText('Required')).toHaveLength(11);
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Kebele')).toHaveAttribute('aria-invalid', 'true');
    expect(select('Role')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('checks both phones against 09/07 + 8 digits, each with its own message', async () => {
    const { requests } = installFakeFetch(...referenceRoutes(), ...saveRoutes());
    const user = open({ user_id: 8 });
    await fillAll(user, { phone: '0812345678', telegram: '091234567' });
    await user.click(await registerButton());
    expect(
      await screen.findByText('Phone number must start with 09 or 07 and have 10 digits'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Telegram phone number must start with 09 or 07 and have 10 digits'),
    ).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('rejects +251 and spaced numbers typed by hand (the form takes 09/07 only)', async () => {
    installFakeFetch(...referenceRoutes());
    const user = open({ user_id: 8 });
    await fillAll(user, { phone: '+251912345678', telegram: '0912 345678' });
    await user.click(await registerButton());
    expect(
      await screen.findByText('Phone number must start with 09 or 07 and have 10 digits'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Telegram phone number must start with 09 or 07 and have 10 digits'),
    ).toBeInTheDocument();
  });

  it('keeps lower admin levels disabled until the upper is chosen, and clears them on a change', async () => {
    installFakeFetch(...referenceRoutes());
    const user = open();
    await registerButton();
    await waitFor(() => expect(select('Region')).toBeEnabled());
    expect(select('Zone')).toBeDisabled();
    expect(select('Woreda')).toBeDisabled();
    expect(select('Kebele')).toBeDisabled();
    await chooseArea(user);
    expect(select('Kebele')).toHaveValue('1111');

    await choose(user, 'Zone', 'Select…');
    expect(select('Woreda')).toHaveValue('');
    expect(select('Kebele')).toHaveValue('');
    expect(select('Woreda')).toBeDisabled();

    await choose(user, 'Zone', 'North Gondar');
    await choose(user, 'Woreda', 'Dabat');
    await choose(user, 'Region', 'Oromia');
    expect(select('Zone')).toHaveValue('');
    expect(select('Woreda')).toHaveValue('');
    expect(select('Kebele')).toHaveValue('');
    await waitFor(() => expect(optionsOf('Zone')).toContain('East Shewa'));
    expect(select('Woreda')).toBeDisabled();
  });

  it('registers with normalised phones and sex, makes the bot user VERIFIED, toasts and hands back', async () => {
    const { requests } = installFakeFetch(...referenceRoutes(), ...saveRoutes());
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());

    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(bodiesOf(requests, 'POST', '/backend/api/da-profiles/')).toEqual([
      {
        first_name: 'Abebe',
        father_name: 'Kebede',
        grand_father_name: 'Tesfaye',
        phone_number: '912345678',
        telegram_phone_number: '712345678',
        sex: 'male',
        region: 1,
        zone: 11,
        woreda: 111,
        kebele: 1111,
        role: 2,
        created_by: 8,
      },
    ]);
    expect(bodiesOf(requests, 'PATCH', '/backend/api/bot-users/8/')).toEqual([
      { id: 8, verification_status: 'VERIFIED' },
    ]);
    const order = requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);
    expect(order).toEqual([
      'POST /backend/api/da-profiles/',
      'PATCH /backend/api/bot-users/8/',
      'POST /tg/result',
    ]);
    expect(bodiesOf(requests, 'POST', '/tg/result')).toEqual([
      { result: { kind: 'da_registered', da_id: 70, name: 'Abebe Kebede Tesfaye', update: false } },
    ]);
    expect(screen.getByText('Registration Successful!')).toBeInTheDocument();
  });

  // docs/authorization.md, "Verification status": the organisation decides who is a DA.
  it('a DA the roster does not list: the refused PATCH is expected, the toast says who decides', async () => {
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/da-profiles/', () =>
        json(201, { ...created, enrolment: { status: 'PENDING', waiting_for: 'supervisor' } }),
      ),
      route('PATCH', '/backend/api/bot-users/8/', () =>
        json(403, {
          detail: "Your registration as a development agent is waiting for your organisation's approval.",
        }),
      ),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(
      screen.getByText(
        'Registration Successful! A supervisor of your area will review your registration; you will get a message in the chat when they decide.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/waiting for your organisation/)).not.toBeInTheDocument();
    expect(bodiesOf(requests, 'PATCH', '/backend/api/bot-users/8/')).toHaveLength(1);
  });

  it("shows a 400's field errors on their fields (sex on gender) and toasts the spec's error", async () => {
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/da-profiles/', () =>
        json(400, {
          phone_number: ['A DA with this phone number exists.', 'Call the office.'],
          sex: ['Not a valid choice.'],
          kebele: ['Invalid pk "1111" - object does not exist.'],
        }),
      ),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    expect(
      await screen.findByText('A DA with this phone number exists., Call the office.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not a valid choice.')).toBeInTheDocument();
    expect(screen.getByText('Invalid pk "1111" - object does not exist.')).toBeInTheDocument();
    expect(field('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radiogroup', { name: 'Gender' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Error registering DA, please check the form try again.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    expect(requests.some((r) => r.path === '/tg/result')).toBe(false);
  });

  it('toasts the same error on a server failure and keeps the form', async () => {
    const fake = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/da-profiles/', () => json(500, { detail: 'boom' })),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    expect(
      await screen.findByText('Error registering DA, please check the form try again.'),
    ).toBeInTheDocument();
    expect(field('First name')).toHaveValue(' Abebe ');
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('retries only the VERIFIED patch when it failed: the DA is not registered twice', async () => {
    let patches = 0;
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('PATCH', '/backend/api/bot-users/8/', () =>
        ++patches === 1 ? json(503, { detail: 'busy' }) : json(200, verifiedBotUser),
      ),
      ...saveRoutes(),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    expect(await screen.findByText('Request failed with status code 503')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/tg/result')).toBe(false);
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    expect(patches).toBe(2);
    expect(bodiesOf(requests, 'POST', '/backend/api/da-profiles/')).toHaveLength(1);
  });

  // With no answer the DA may be registered or not; "check the form" would mislead.
  it('says the save is not confirmed when no answer comes, keeps the form, and registers once on Register again', async () => {
    let posts = 0;
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/da-profiles/', () => {
        if (++posts <= 3) throw new TypeError('Failed to fetch');
        return json(201, created);
      }),
      ...saveRoutes(),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    expect(
      await screen.findByText(
        'No connection: we could not confirm it was saved. What you entered is kept here. Press “Register” again when you have signal; it will not be saved twice.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.queryByText('Error registering DA, please check the form try again.'),
    ).not.toBeInTheDocument();
    expect(field('First name')).toHaveValue(' Abebe ');
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Register' })));
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/backend/api/da-profiles/');
    expect(sent).toHaveLength(4); // three lost, the fourth answered: one key for all
    expect(new Set(sent.map((r) => r.headers['Idempotency-Key'])).size).toBe(1);
  });

  it('sends one Idempotency-Key per registration and retries a lost answer with it', async () => {
    let posts = 0;
    const { requests } = installFakeFetch(
      ...referenceRoutes(),
      route('POST', '/backend/api/da-profiles/', () => {
        if (++posts <= 2) throw new TypeError('Failed to fetch');
        return json(201, created);
      }),
      ...saveRoutes(),
    );
    const user = open();
    await fillAll(user);
    await user.click(await registerButton());
    await waitFor(() => expect(requests.some((r) => r.path === '/tg/result')).toBe(true));
    const keys = requests
      .filter((r) => r.method === 'POST' && r.path === '/backend/api/da-profiles/')
      .map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('shows the error and a retry when the roles cannot be loaded', async () => {
    let calls = 0;
    installFakeFetch(
      route('GET', '/backend/api/da-roles/', () => (++calls === 1 ? json(502, {}) : json(200, []))),
      ...referenceRoutes(),
    );
    const user = open();
    expect(await screen.findByText('Request failed with status code 502')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await registerButton()).toBeInTheDocument();
  });

  it('asks to reopen from the bot without user_id', () => {
    installFakeFetch(...referenceRoutes());
    open({ phone_number: '0912345678' });
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('speaks Amharic when the link says lang=am', async () => {
    await initI18n('am');
    installFakeFetch(...referenceRoutes());
    openAt(`/da_registration?${signedQuery({ user_id: 8, lang: 'am' })}`);
    const user = userEvent.setup({ delay: null });
    renderInApp(<DaRegistrationScreen mode="register" />);
    await user.type(await screen.findByLabelText('ስልክ ቁጥር'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'መዝግብ' }));
    expect(await screen.findByText('ስልክ ቁጥሩ በ09 ወይም በ07 መጀመርና 10 አሃዝ መሆን አለበት')).toBeInTheDocument();
    expect(screen.getAllByText('ያስፈልጋል')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'የልማት ሰራተኛ ምዝገባ' })).toBeInTheDocument();
    // The roles by their Amharic names (no English role options on an Amharic form).
    expect(screen.getByRole('option', { name: 'የሰብል ልማት' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'የእንስሳት ልማት' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Crop' })).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Natural Resource' })).toBeInTheDocument();
    // Regions and zones by their Amharic names; a woreda without one by its Latin name.
    await waitFor(() => expect(optionsOf('ክልል')).toEqual(['ይምረጡ…', 'አማራ', 'ኦሮሚያ']));
    await chooseArea(user, { kebele: false, am: true });
    expect(optionsOf('ዞን')).toEqual(['ይምረጡ…', 'ሰሜን ጎንደር']);
    expect(optionsOf('ወረዳ')).toEqual(['ይምረጡ…', 'Dabat']);
    expect(screen.queryByRole('option', { name: 'Amhara' })).not.toBeInTheDocument();
  });

  it('speaks Afaan Oromo when the link says lang=om', async () => {
    await initI18n('om');
    installFakeFetch(...referenceRoutes());
    openAt(`/da_registration?${signedQuery({ user_id: 8, lang: 'om' })}`);
    const user = userEvent.setup({ delay: null });
    renderInApp(<DaRegistrationScreen mode="register" />);
    await user.type(await screen.findByLabelText('Lakkoofsa bilbilaa'), '0812345678');
    await user.click(screen.getByRole('button', { name: 'Galmeessi' }));
    expect(
      await screen.findByText('Lakkoofsi bilbilaa 09 ykn 07n jalqabee dijiitii 10 qabaachuu qaba'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Barbaachisaa dha')).toHaveLength(10);
    expect(screen.getByRole('heading', { name: 'Galmee hojjetaa misoomaa' })).toBeInTheDocument();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    // The operator's data has no Oromo names: areas and roles by their Latin ones, not Amharic.
    await waitFor(() => expect(optionsOf('Naannoo')).toEqual(['Filadhu…', 'Amhara', 'Oromia']));
    expect(screen.getByRole('option', { name: 'Crop' })).toBeInTheDocument();
  });

  it('shows the areas by their Latin names on an English form', async () => {
    installFakeFetch(...referenceRoutes());
    const user = open();
    await registerButton();
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'Amhara', 'Oromia']));
    await chooseArea(user, { kebele: false });
    expect(optionsOf('Zone')).toEqual(['Select…', 'North Gondar']);
    expect(screen.queryByRole('option', { name: 'አማራ' })).not.toBeInTheDocument();
  });
});
