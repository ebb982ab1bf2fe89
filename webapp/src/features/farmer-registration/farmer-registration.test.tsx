import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { FarmerRegistrationScreen } from './farmer-registration-screen';
import {
  FARMERS_PATH,
  field,
  fillPerson,
  formReady,
  GROUPS_PATH,
  groups,
  groupsRoute,
  registerButton,
  setup,
  warmLazyChunks,
} from './test-kit';

// Busy CI machines: user-event typing into several fields takes a while.
vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

const posts = (requests: { method: string }[]) => requests.filter((r) => r.method === 'POST');

describe('Register farmer: loading and the form', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('shows a loading indicator until the groups are loaded, then the editable form', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = installFakeFetch(
      route('GET', GROUPS_PATH, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    setup();
    expect(screen.getByRole('heading', { name: 'Register farmer' })).toBeInTheDocument();
    expect(await screen.findByText('Loading development groups…')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading development groups…' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Farmer name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();

    await waitFor(() => expect(requests.some((r) => r.path === GROUPS_PATH)).toBe(true));
    const call = requests.find((r) => r.path === GROUPS_PATH);
    expect(Object.fromEntries(call?.query ?? [])).toEqual({ kebele: '9', paginate: 'false' });

    answer(json(200, groups));
    expect(await formReady()).toBeEnabled();
    expect(screen.queryByText('Loading development groups…')).not.toBeInTheDocument();
    for (const label of [
      "Father's name",
      "Grandfather's name",
      'Phone number',
      'Gender',
      'Development group',
    ])
      expect(field(label)).toBeEnabled();
    expect(registerButton()).toBeEnabled();
  });

  it('sends the proof and the language with the groups call, and reads a page as well as a list', async () => {
    const { requests } = installFakeFetch(
      route('GET', GROUPS_PATH, () => json(200, { count: 2, next: null, previous: null, results: groups })),
    );
    const { url } = setup();
    await formReady();
    const call = requests.find((r) => r.path === GROUPS_PATH);
    expect(call?.headers.Authorization).toBe(`link ${url}`);
    expect(call?.headers['Accept-Language']).toBe('en');
    expect(within(field('Development group')).getAllByRole('option')).toHaveLength(3);
  });

  it('shows the reopen message when the groups call answers 401', async () => {
    installFakeFetch(route('GET', GROUPS_PATH, () => json(401, { detail: 'Bad proof.' })));
    setup();
    expect(
      await screen.findByText(
        'We could not confirm who you are. Please open this screen again from the bot.',
      ),
    ).toBeInTheDocument();
  });

  it('treats an answer that is not a list of groups as a failure', async () => {
    installFakeFetch(route('GET', GROUPS_PATH, () => json(200, [{ id: 'x' }])));
    setup();
    expect(
      await screen.findByText('Could not load the development groups. Please try again.'),
    ).toBeInTheDocument();
  });

  it('offers male/female and the kebele groups', async () => {
    installFakeFetch(groupsRoute());
    setup();
    await formReady();
    const gender = within(field('Gender'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(gender).toEqual(['Select…', 'Male', 'Female']);
    const group = within(field('Development group')).getAllByRole('option');
    expect(group.map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['', 'Select…'],
      ['11', 'Abay'],
      ['12', 'Tesfa'],
    ]);
    expect(field('Add a new development group')).not.toBeChecked();
  });

  it('lists the groups in the order the screen’s language sorts their names', async () => {
    // The server sorts by byte order: capitals first, Ethiopic last.
    const named = ['Tesfa', 'abay', 'ብርሃን', 'ሕብረት'].map((group_name, i) => ({
      ...(groups[0] as (typeof groups)[number]),
      id: 21 + i,
      group_name,
    }));
    installFakeFetch(groupsRoute(named));
    setup();
    await formReady();
    const names = () =>
      within(field('Development group'))
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent);
    expect(names()).toEqual(['abay', 'Tesfa', 'ሕብረት', 'ብርሃን']);
  });

  it('shows an error with a retry when the groups fail to load', async () => {
    let calls = 0;
    installFakeFetch(
      route('GET', GROUPS_PATH, () => (++calls === 1 ? json(503, { detail: 'Down.' }) : json(200, groups))),
    );
    const { user } = setup();
    expect(
      await screen.findByText('Could not load the development groups. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Farmer name')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await formReady()).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('with no groups in the kebele, asks for a new group', async () => {
    installFakeFetch(groupsRoute([]));
    setup();
    await formReady();
    expect(
      screen.getByText('There are no development groups in this kebele yet. Add a new one.'),
    ).toBeInTheDocument();
    expect(field('Add a new development group')).toBeChecked();
    expect(field('Add a new development group')).toBeDisabled();
    expect(field('Group name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Development group')).not.toBeInTheDocument();
  });

  it('asks to reopen from the bot when da_id or kebele_id is missing, and loads nothing', () => {
    const { requests } = installFakeFetch(groupsRoute());
    openAt(`/farmer_registration?${signedQuery({ da_id: 5 })}`);
    renderInApp(<FarmerRegistrationScreen />);
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});

describe('Register farmer: validation (spec §5)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('requires the three names, gender and the existing group; the phone shows its pattern message', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await user.click(registerButton());
    expect(await screen.findAllByText('Required')).toHaveLength(5);
    for (const label of ['Farmer name', "Father's name", "Grandfather's name", 'Gender', 'Development group'])
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Phone number')).toHaveAccessibleDescription(
      'Phone number must start with 09 or 07 and have 10 digits',
    );
    expect(posts(requests)).toHaveLength(0);
  });

  it('treats names of spaces as empty', async () => {
    installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.clear(field('Farmer name'));
    await user.type(field('Farmer name'), '   ');
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    await waitFor(() => expect(field('Farmer name')).toHaveAccessibleDescription('Required'));
  });

  // The full table of numbers is in form-schema.test.ts.
  it.each([
    ['0812345678', false],
    ['0711223344', true],
  ])('phone %s valid: %s', async (phone, valid) => {
    const { requests } = installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user, phone);
    await user.click(registerButton());
    // the group is left empty on purpose: validation ran once it says Required
    await waitFor(() => expect(field('Development group')).toHaveAccessibleDescription('Required'));
    if (valid) expect(field('Phone number')).toHaveAttribute('aria-invalid', 'false');
    else
      expect(field('Phone number')).toHaveAccessibleDescription(
        'Phone number must start with 09 or 07 and have 10 digits',
      );
    expect(posts(requests)).toHaveLength(0);
  });

  it('with add_dev_group on, requires the group name and type instead of the existing group', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.click(field('Add a new development group'));
    expect(screen.queryByLabelText('Development group')).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Group type' })).toBeInTheDocument();
    await user.click(registerButton());
    await waitFor(() => expect(field('Group name')).toHaveAccessibleDescription('Required'));
    expect(screen.getByRole('radiogroup', { name: 'Group type' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(posts(requests)).toHaveLength(0);
  });

  it('switching back requires the existing group again, not the new group fields', async () => {
    installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.click(field('Add a new development group'));
    await user.click(registerButton());
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
    await user.click(field('Add a new development group'));
    // switching clears the errors of the hidden fields
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await user.click(await whenEnabled(registerButton));
    await waitFor(() => expect(field('Development group')).toHaveAccessibleDescription('Required'));
    expect(screen.getAllByText('Required')).toHaveLength(1);
  });

  it('keeps the new group values when switching back and forth', async () => {
    installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await user.click(field('Add a new development group'));
    await user.type(field('Group name'), 'Birhan');
    await user.click(field('Add a new development group'));
    await user.selectOptions(field('Development group'), '12');
    await user.click(field('Add a new development group'));
    expect(field('Group name')).toHaveValue('Birhan');
    await user.click(field('Add a new development group'));
    expect(field('Development group')).toHaveValue('12');
  });

  it('does not send anything for a request the server cannot accept', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    const { user } = setup();
    await formReady();
    await user.click(registerButton());
    await screen.findAllByText('Required');
    expect(requests.filter((r) => r.path === FARMERS_PATH)).toHaveLength(0);
  });
});
