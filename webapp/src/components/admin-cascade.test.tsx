import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CascadeValues, cascadeTarget, clearAdminAreaCache } from '../lib/api/admin-areas';
import { initI18n, t } from '../lib/i18n/texts';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { openAt, renderInApp } from '../test-kit/render';
import { AdminCascade } from './admin-cascade';

const regions = [
  { id: 1, name: 'Amhara' },
  { id: 2, name: 'Oromia' },
];
const zones: Record<string, { id: number; name: string }[]> = {
  '1': [{ id: 11, name: 'North Gondar' }],
  '2': [{ id: 21, name: 'East Shewa' }],
};
const woredas: Record<string, { id: number; name: string }[]> = {
  '11': [{ id: 111, name: 'Dabat' }],
  '21': [{ id: 211, name: 'Adama' }],
};
const kebeles: Record<string, { id: number; name: string }[]> = {
  '111': [{ id: 1111, name: 'Kebele 01' }],
  '211': [],
};

function backend() {
  return installFakeFetch(
    route('GET', '/backend/regions/', () => json(200, regions)),
    route('GET', '/backend/zones/', (r) => json(200, zones[r.query.get('region') ?? ''] ?? [])),
    // A page instead of a list: the cascade reads both shapes (paginate ignored).
    route('GET', '/backend/woredas/', (r) =>
      json(200, { count: 1, next: null, previous: null, results: woredas[r.query.get('zone') ?? ''] ?? [] }),
    ),
    route('GET', '/backend/kebeles/', (r) => json(200, kebeles[r.query.get('woreda') ?? ''] ?? [])),
  );
}

let latest: CascadeValues = {};

function Harness(props: { allowAll?: boolean; levels?: ('region' | 'zone' | 'woreda' | 'kebele')[] }) {
  const form = useForm<Required<CascadeValues>>({
    defaultValues: { region: '', zone: '', woreda: '', kebele: '' },
  });
  latest = form.watch();
  return <AdminCascade form={form} {...props} />;
}

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;
const optionsOf = (name: string) => [...select(name).options].map((o) => o.text);

async function choose(user: ReturnType<typeof userEvent.setup>, name: string, option: string) {
  await waitFor(() => expect(optionsOf(name)).toContain(option));
  await user.selectOptions(select(name), option);
}

describe('AdminCascade', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
    openAt('/da_registration?user_id=3');
  });

  it('disables each level until the one above is chosen', async () => {
    backend();
    const user = userEvent.setup();
    renderInApp(<Harness />);
    await waitFor(() => expect(select('Region')).toBeEnabled());
    expect(select('Zone')).toBeDisabled();
    expect(select('Woreda')).toBeDisabled();
    expect(select('Kebele')).toBeDisabled();
    await choose(user, 'Region', 'Amhara');
    await waitFor(() => expect(select('Zone')).toBeEnabled());
    expect(select('Woreda')).toBeDisabled();
    await choose(user, 'Zone', 'North Gondar');
    await waitFor(() => expect(select('Woreda')).toBeEnabled());
    expect(select('Kebele')).toBeDisabled();
    await choose(user, 'Woreda', 'Dabat');
    await choose(user, 'Kebele', 'Kebele 01');
    expect(latest).toEqual({ region: '1', zone: '11', woreda: '111', kebele: '1111' });
  });

  it('changing the region clears zone, woreda and kebele; changing the zone clears woreda and kebele', async () => {
    const { requests } = backend();
    const user = userEvent.setup();
    renderInApp(<Harness />);
    await choose(user, 'Region', 'Amhara');
    await choose(user, 'Zone', 'North Gondar');
    await choose(user, 'Woreda', 'Dabat');
    await choose(user, 'Kebele', 'Kebele 01');

    await choose(user, 'Region', 'Oromia');
    expect(latest).toEqual({ region: '2', zone: '', woreda: '', kebele: '' });
    expect(select('Woreda')).toBeDisabled();
    expect(select('Kebele')).toBeDisabled();
    await choose(user, 'Zone', 'East Shewa');
    expect(optionsOf('Zone')).not.toContain('North Gondar');
    await choose(user, 'Woreda', 'Adama');
    await choose(user, 'Zone', 'East Shewa'); // same value again: nothing to clear
    await choose(user, 'Region', 'Amhara');
    await choose(user, 'Zone', 'North Gondar');
    expect(latest).toEqual({ region: '1', zone: '11', woreda: '', kebele: '' });
    // Lists already fetched are not fetched again.
    expect(
      requests.filter((r) => r.path === '/backend/zones/' && r.query.get('region') === '1'),
    ).toHaveLength(1);
    expect(requests.every((r) => r.query.get('paginate') === 'false')).toBe(true);
  });

  it('says so when a level has nothing to choose from', async () => {
    backend();
    const user = userEvent.setup();
    renderInApp(<Harness />);
    await choose(user, 'Region', 'Oromia');
    await choose(user, 'Zone', 'East Shewa');
    await choose(user, 'Woreda', 'Adama');
    await waitFor(() => expect(optionsOf('Kebele')).toEqual(['Nothing to choose from']));
  });

  it('stops at woreda for the report user', async () => {
    backend();
    renderInApp(<Harness levels={['region', 'zone', 'woreda']} />);
    await waitFor(() => expect(select('Region')).toBeEnabled());
    expect(screen.queryByLabelText('Kebele')).not.toBeInTheDocument();
  });

  it("with allowAll: 'All' heads the region list and choosing it hides the levels below", async () => {
    backend();
    const user = userEvent.setup();
    renderInApp(<Harness allowAll />);
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'All', 'Amhara', 'Oromia']));
    await user.selectOptions(select('Region'), 'All');
    expect(screen.queryByLabelText('Zone')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Kebele')).not.toBeInTheDocument();
    expect(cascadeTarget(latest)).toEqual({ location_type: 'all', location_id: null });

    await user.selectOptions(select('Region'), 'Amhara');
    await choose(user, 'Zone', 'All');
    expect(screen.getByLabelText('Zone')).toBeInTheDocument();
    expect(screen.queryByLabelText('Woreda')).not.toBeInTheDocument();
    expect(cascadeTarget(latest)).toEqual({ location_type: 'region', location_id: 1 });
  });

  it('shows a failed list with a retry', async () => {
    let fail = true;
    installFakeFetch(route('GET', '/backend/regions/', () => (fail ? json(503, {}) : json(200, regions))));
    const user = userEvent.setup();
    renderInApp(<Harness />);
    expect(await screen.findByText('Request failed with status code 503')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(optionsOf('Region')).toContain('Amhara'));
  });
});

describe('AdminCascade in the screen’s language', () => {
  // As the server sends them: in Latin order, Amharic names for regions and zones, none below.
  const named = {
    regions: [
      { id: 1, name: 'Amhara', name_am: 'አማራ', code: 'ET03' },
      { id: 2, name: 'Oromia', name_am: 'ኦሮሚያ', code: 'ET04' },
      { id: 3, name: 'Tigray', name_am: 'ትግራይ', code: 'ET01' },
    ],
    zones: [
      { id: 12, name: 'North Gondar', name_am: 'ሰሜን ጎንደር' },
      { id: 11, name: 'South Gondar', name_am: 'ደቡብ ጎንደር' },
      { id: 13, name: 'Zone without', name_am: null },
    ],
    woredas: [
      { id: 111, name: 'Dabat', name_am: null },
      { id: 112, name: 'Debark', name_am: 'ደባርቅ' },
    ],
  };
  function namedBackend() {
    return installFakeFetch(
      route('GET', '/backend/regions/', () => json(200, named.regions)),
      route('GET', '/backend/zones/', () => json(200, named.zones)),
      route('GET', '/backend/woredas/', () => json(200, named.woredas)),
      route('GET', '/backend/kebeles/', () => json(200, [])),
    );
  }

  beforeEach(() => {
    vi.unstubAllGlobals();
    clearAdminAreaCache();
    openAt('/da_registration?user_id=3');
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it('shows the Latin names, in the server’s order, on an English screen', async () => {
    namedBackend();
    const user = userEvent.setup();
    renderInApp(<Harness />);
    await waitFor(() => expect(optionsOf('Region')).toEqual(['Select…', 'Amhara', 'Oromia', 'Tigray']));
    await choose(user, 'Region', 'Amhara');
    await waitFor(() =>
      expect(optionsOf('Zone')).toEqual(['Select…', 'North Gondar', 'South Gondar', 'Zone without']),
    );
    await choose(user, 'Zone', 'North Gondar');
    await waitFor(() => expect(optionsOf('Woreda')).toEqual(['Select…', 'Dabat', 'Debark']));
    expect(latest).toMatchObject({ region: '1', zone: '12' });
  });

  it('shows the Amharic names in fidel order on an Amharic screen, the Latin one where there is none', async () => {
    await initI18n('am');
    namedBackend();
    const user = userEvent.setup();
    renderInApp(<Harness allowAll />);
    const region = t('common.location.region');
    const zone = t('common.location.zone');
    const woreda = t('common.location.woreda');
    const [choosePrompt, all] = [t('common.select_placeholder'), t('common.all')];
    await waitFor(() => expect(optionsOf(region)).toEqual([choosePrompt, all, 'ትግራይ', 'አማራ', 'ኦሮሚያ']));
    expect(screen.queryByRole('option', { name: 'Amhara' })).not.toBeInTheDocument();
    // The value is still the area's id.
    await choose(user, region, 'አማራ');
    expect(latest).toMatchObject({ region: '1' });
    await waitFor(() =>
      expect(optionsOf(zone)).toEqual([choosePrompt, all, 'ሰሜን ጎንደር', 'ደቡብ ጎንደር', 'Zone without']),
    );
    await choose(user, zone, 'ደቡብ ጎንደር');
    expect(latest).toMatchObject({ region: '1', zone: '11' });
    await waitFor(() => expect(optionsOf(woreda)).toEqual([choosePrompt, all, 'ደባርቅ', 'Dabat']));
  });
});

describe('cascadeTarget', () => {
  it('targets the deepest chosen area', () => {
    expect(cascadeTarget({ region: '1', zone: '11', woreda: '', kebele: '' })).toEqual({
      location_type: 'zone',
      location_id: 11,
    });
    expect(cascadeTarget({ region: '1', zone: '11', woreda: '111', kebele: '1111' })).toEqual({
      location_type: 'kebele',
      location_id: 1111,
    });
    expect(cascadeTarget({})).toEqual({ location_type: 'all', location_id: null });
  });
});
