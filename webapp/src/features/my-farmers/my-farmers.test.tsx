import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, t } from '../../lib/i18n/texts';
import { outsideTelegram, setLaunchForTests } from '../../lib/launch/launch';
import { resetAsOfForTests } from '../../lib/offline-cache/read-through';
import { closeForTests, kept } from '../../lib/offline-cache/store';
import { warm } from '../../lib/offline-cache/warm';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshIndexedDb } from '../../test-kit/indexed-db';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { MyFarmersScreen } from './my-farmers-screen';

// The first farmer page also compiles the API client and the contract on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const farmer = (
  id: number,
  names: string,
  group: [number, string],
  created_by: number,
  phone: string | null,
) => {
  const [farmer_name, father_name, grand_father_name] = names.split(' ');
  return {
    id,
    farmer_name,
    father_name,
    grand_father_name,
    phone_number: phone,
    development_group: group[0],
    group_name: group[1],
    created_by,
  };
};
const TESFA: [number, string] = [3, 'Tesfa'];
const ANDINET: [number, string] = [5, 'Andinet'];
const farmers = [
  farmer(1, 'Almaz Tesfaye Bekele', ANDINET, 9, '911000001'),
  farmer(2, 'አበበ ጌታቸው ደሳለኝ', TESFA, 11, '911000002'),
  farmer(3, 'Hana Girma Kassa', TESFA, 11, null),
  farmer(4, 'Caalaa Tolaa Guddinaa', ANDINET, 9, '712000004'),
];
const page = {
  ...farmers[1],
  kebele: 42,
  gender: 'male',
  retired_at: null,
  retired_reason: null,
  duplicate_of: null,
  duplicate_of_name: null,
  created_at: '2026-09-11T06:00:00Z',
  created_by_name: 'Almaz Bekele',
  reach: [
    {
      id: 70,
      advisory: 8,
      advisory_label: 'Teff seed rate',
      created_at: new Date(Date.now() - 86_400_000).toISOString(),
      created_by: 11,
      created_by_name: 'Almaz Bekele',
      take_back_until: new Date(Date.now() + 13 * 86_400_000).toISOString(),
    },
  ],
  adoption: [],
};

const groups = [
  { id: 3, group_name: 'Tesfa', group_type: 'mixed', kebele: 42, created_by: 11 },
  { id: 5, group_name: 'Andinet', group_type: 'mixed', kebele: 42, created_by: 9 },
];

function backend() {
  return installFakeFetch(
    route('GET', '/backend/api/farmers/', () => json(200, farmers)),
    route('GET', '/backend/api/farmers/2/', () => json(200, page)),
    route('GET', '/backend/api/development-groups/', () => json(200, groups)),
    route('PATCH', '/backend/api/farmers/2/', (req) =>
      json(200, { ...page, ...(req.body as object), reach: undefined, adoption: undefined }),
    ),
    route('POST', '/backend/api/farmers/2/retire/', (req) =>
      json(200, {
        ...page,
        retired_at: '2026-12-02T06:00:00Z',
        retired_reason: (req.body as { reason: string }).reason,
      }),
    ),
    route('POST', '/backend/api/reach-farmers/70/take-back/', (req) =>
      json(200, {
        id: 70,
        farmer: 2,
        advisory: 8,
        created_by: 11,
        created_at: page.reach[0]?.created_at,
        taken_back_at: '2026-12-02T06:00:00Z',
        taken_back_reason: (req.body as { reason: string }).reason,
      }),
    ),
    route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
  );
}
const handBacks = (requests: { path: string; body: unknown }[]) =>
  requests.filter((r) => r.path === '/tg/result').map((r) => (r.body as { result: unknown }).result);
const writes = (
  requests: { method: string; path: string; body: unknown; headers: Record<string, string> }[],
) => requests.filter((r) => r.method !== 'GET' && r.path.startsWith('/backend/'));

function open(extra: Record<string, number> = {}) {
  openAt(`/my_farmers?${signedQuery({ da_id: 11, kebele_id: 42, ...extra })}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<MyFarmersScreen />);
  return user;
}

const farmerLinks = () => screen.queryAllByRole('link').map((a) => a.textContent);

describe('My farmers', { timeout: 30_000 }, () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(async () => {
    await initI18n('en');
  });

  it("lists the kebele's farmers by group, the DA's own groups first, a group opening to its farmers", async () => {
    const { requests } = backend();
    const user = open();
    expect(await screen.findByText('4 farmers')).toBeInTheDocument();
    expect(requests.map((r) => r.url)).toContainEqual(expect.stringContaining('kebele=42'));
    const groups = screen.getAllByRole('button', { expanded: false });
    expect(groups.map((g) => g.textContent)).toEqual([
      expect.stringMatching(/^Tesfa.*Registered by you.*2$/),
      expect.stringMatching(/^Andinet.*2$/),
    ]);
    expect(farmerLinks()).toEqual([]);
    await user.click(groups[0] as HTMLElement);
    expect(farmerLinks()).toEqual([
      expect.stringContaining('አበበ ጌታቸው ደሳለኝ'),
      expect.stringContaining('Hana Girma Kassa'),
    ]);
    expect(screen.getByText('0911000002')).toBeInTheDocument();
  });

  it("finds a farmer by a part of their father's name typed in Ethiopic, by a Latin spelling, or by phone", async () => {
    backend();
    const user = open();
    const box = await screen.findByRole('searchbox');
    await user.type(box, 'ጌታ');
    expect(await screen.findByText('1 farmer found')).toBeInTheDocument();
    expect(farmerLinks()).toEqual([expect.stringContaining('አበበ ጌታቸው ደሳለኝ')]);
    // The group is said beside each farmer found.
    expect(screen.getByText('Tesfa · 0911000002')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'Getachew');
    expect(await screen.findByText('1 farmer found')).toBeInTheDocument();
    await user.clear(box);
    await user.type(box, 'chala');
    expect(await screen.findByText('1 farmer found')).toBeInTheDocument();
    expect(farmerLinks()).toEqual([expect.stringContaining('Caalaa Tolaa Guddinaa')]);
    await user.clear(box);
    await user.type(box, '0712');
    expect(farmerLinks()).toEqual([expect.stringContaining('Caalaa')]);
    await user.clear(box);
    await user.type(box, 'zzz');
    expect(await screen.findByText('No farmer matches “zzz”.')).toBeInTheDocument();
  });

  it("opens a farmer's page: details, group, who registered them, and the advisories that reached them", async () => {
    backend();
    const user = open();
    await user.type(await screen.findByRole('searchbox'), 'abebe');
    await user.click(await screen.findByRole('link', { name: /አበበ/ }));
    expect(await screen.findByText('Teff seed rate')).toBeInTheDocument();
    expect(window.location.search).toContain('farmer=2');
    expect(screen.getByText('0911000002')).toBeInTheDocument();
    expect(screen.getByText('Male')).toBeInTheDocument();
    expect(screen.getByText('Registered on 2026-09-11 by Almaz Bekele')).toBeInTheDocument();
    expect(screen.getByText(/^\d{4}-\d{2}-\d{2} · Almaz Bekele$/)).toBeInTheDocument();
    const adopted = screen.getByText('Advisories they adopted').closest('section') as HTMLElement;
    expect(within(adopted).getByText('None yet.')).toBeInTheDocument();
  });

  it('says the dates of a farmer’s page in the Ethiopian calendar in Amharic', async () => {
    backend();
    await initI18n('am');
    open({ farmer: 2 });
    // 2026-09-11 is Meskerem 1, 2019 E.C.
    expect(await screen.findByText(/መስከረም 1 ቀን 2019/)).toBeInTheDocument();
  });

  it('names the farmer a merged duplicate was kept as, and opens their page', async () => {
    const merged = {
      ...page,
      id: 6,
      retired_at: '2026-12-01T06:00:00Z',
      retired_reason: 'duplicate',
      duplicate_of: 2,
      duplicate_of_name: 'አበበ ጌታቸው ደሳለኝ',
      reach: [],
    };
    let answer = (_: Response) => {};
    const slow = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    installFakeFetch(
      route('GET', '/backend/api/farmers/6/', () => json(200, merged)),
      route('GET', '/backend/api/farmers/2/', () => slow),
    );
    const user = open({ farmer: 6 });
    expect(await screen.findByText('No longer in the registry: registered twice')).toBeInTheDocument();
    await user.click(
      screen.getByRole('link', { name: 'Kept as አበበ ጌታቸው ደሳለኝ: their records were moved there.' }),
    );
    // While the kept farmer's page is read, the merged one's is not shown for them.
    await waitFor(() => expect(window.location.search).toContain('farmer=2'));
    expect(screen.queryByText('No longer in the registry: registered twice')).toBeNull();
    answer(json(200, page));
    expect(await screen.findByText('Teff seed rate')).toBeInTheDocument();
    expect(window.location.search).toContain('farmer=2');
    // Merged into a farmer of another kebele: said, never named.
    cleanup();
    installFakeFetch(
      route('GET', '/backend/api/farmers/6/', () =>
        json(200, { ...merged, duplicate_of: 77, duplicate_of_name: null }),
      ),
    );
    open({ farmer: 6 });
    expect(await screen.findByText(t('registry.merged_elsewhere'))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Kept as/ })).toBeNull();
  });

  it('says so when the farmer is not in the registry of the DA’s kebele', async () => {
    installFakeFetch(route('GET', '/backend/api/farmers/99/', () => json(404, { detail: 'Not found.' })));
    open({ farmer: 99 });
    expect(await screen.findByText(t('registry.not_found'))).toBeInTheDocument();
  });

  it('kept ready by the hub while there was signal, finds a farmer with none', async () => {
    await freshIndexedDb();
    installFakeFetch(
      route('GET', '/backend/api/farmers/', () => json(200, farmers)),
      () => json(200, []),
    );
    // As the hub does for a DA once idle (opened from the menu button: initData).
    openAt('/');
    setLaunchForTests({ ...outsideTelegram, userId: 501, rawInitData: 'user=%7B%22id%22%3A501%7D' });
    await warm(42);
    await waitFor(async () =>
      expect(await kept(['listKebeleFarmers', { query: { kebele: 42, paginate: 'false' } }])).toBeDefined(),
    );

    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    cleanup();
    resetAsOfForTests();
    await closeForTests();
    const user = open();
    setLaunchForTests({ ...outsideTelegram, userId: 501 });
    await user.type(await screen.findByRole('searchbox'), 'ጌታ');
    expect(await screen.findByText('1 farmer found')).toBeInTheDocument();
    expect(await screen.findByText(/No connection: showing what was fetched/)).toBeInTheDocument();
  });

  it("corrects a farmer's phone and group with the registration's rules, and the chat hears of it", async () => {
    const { requests } = backend();
    const user = open({ farmer: 2 });
    await user.click(await screen.findByRole('link', { name: 'Correct' }));
    const phone = await screen.findByLabelText('Phone number');
    expect(phone).toHaveValue('0911000002');
    await user.clear(phone);
    await user.type(phone, '0811');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(t('validation.phone_number_validation'))).toBeInTheDocument();
    expect(writes(requests)).toEqual([]);
    await user.clear(phone);
    await user.type(phone, '0922334455');
    await user.selectOptions(await screen.findByLabelText('Development group'), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const [patch] = writes(requests);
    expect(patch?.body).toEqual({
      farmer_name: 'አበበ',
      father_name: 'ጌታቸው',
      grand_father_name: 'ደሳለኝ',
      phone_number: '922334455',
      gender: 'male',
      development_group: 5,
    });
    expect(patch?.headers['Idempotency-Key']).toBeTruthy();
    expect(handBacks(requests)).toEqual([
      { kind: 'registry_changed', change: 'corrected', farmer_id: 2, name: 'አበበ ጌታቸው ደሳለኝ' },
    ]);
  });

  it('retires a farmer registered twice, asked first, and takes back a reach recorded by mistake', async () => {
    const { requests } = backend();
    const user = open({ farmer: 2 });
    await user.click(await screen.findByRole('button', { name: 'Take back' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(writes(requests).map((w) => [w.path, w.body])).toEqual([
      ['/backend/api/reach-farmers/70/take-back/', { reason: 'recorded by mistake' }],
    ]);
    expect(handBacks(requests)[0]).toEqual({
      kind: 'registry_changed',
      change: 'reach_taken_back',
      farmer_id: 2,
      name: 'አበበ ጌታቸው ደሳለኝ',
      advisory: 'Teff seed rate',
    });

    await user.selectOptions(screen.getByLabelText('Why they leave the registry'), 'duplicate');
    await user.click(screen.getByRole('button', { name: 'Retire' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('አበበ ጌታቸው ደሳለኝ leaves the lists and the counts');
    await user.click(within(question).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(2));
    expect(writes(requests).at(-1)?.body).toEqual({ reason: 'duplicate' });
    expect(handBacks(requests)[1]).toEqual({
      kind: 'registry_changed',
      change: 'retired',
      farmer_id: 2,
      name: 'አበበ ጌታቸው ደሳለኝ',
      reason: 'duplicate',
    });
  });
});
