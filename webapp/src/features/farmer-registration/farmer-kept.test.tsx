import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { keep, outbox, resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshOutbox, KEPT_OFFLINE } from '../../test-kit/outbox';
import {
  FARMERS_PATH,
  farmerPosts,
  field,
  fillPerson,
  formReady,
  GROUPS_PATH,
  groupsRoute,
  handBackRoute,
  handBacks,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(warmLazyChunks, 60_000);

/** A server that can lose its signal: groups and farmers saved once per key, with new ids. */
function fieldServer() {
  const state = { online: true, ids: new Map<string, number>() };
  const save = (req: { headers: Record<string, string> }) => {
    if (!state.online) throw new TypeError('Failed to fetch');
    const key = req.headers['Idempotency-Key'] ?? '';
    if (!state.ids.has(key)) state.ids.set(key, 500 + state.ids.size);
    return state.ids.get(key) as number;
  };
  const handlers = [
    groupsRoute(),
    route('POST', GROUPS_PATH, (req) => {
      const body = req.body as Record<string, unknown>;
      return json(201, { id: save(req), ...body });
    }),
    route('POST', FARMERS_PATH, (req) => {
      const body = req.body as Record<string, unknown>;
      const group = body.outbound_development_group ?? body.development_group;
      return json(201, savedFarmer({ id: save(req), ...body, development_group: group }));
    }),
    handBackRoute(),
  ];
  return { state, handlers };
}

const another = () => screen.getByRole('button', { name: 'Register another' });

describe('Register farmer: what is kept on the phone', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    await freshOutbox();
  });
  afterEach(() => resetOutboxForTests());

  it('keeps the batch list through a reload, and sums the whole batch up once', async () => {
    const server = fieldServer();
    const { requests } = installFakeFetch(...server.handlers);
    const first = setup();
    await formReady();
    await fillPerson(first.user);
    await first.user.selectOptions(field('Development group'), '11');
    await first.user.click(another());
    await waitFor(() => expect(field('Farmer name')).toHaveValue(''));
    first.view.unmount(); // the WebView reloads mid-batch

    const second = setup();
    await formReady();
    const list = (await screen.findByText('Registered now')).closest('section') as HTMLElement;
    expect(within(list).getByText('Abebe Kebede Tadesse')).toBeInTheDocument();
    await fillPerson(second.user, '0911556677');
    await second.user.selectOptions(field('Development group'), '11');
    await second.user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toMatchObject({
      result: { kind: 'farmers_registered', farmers: [{ farmer_id: 500 }, { farmer_id: 501 }] },
    });
  });

  it('lists a group kept offline, and a farmer into it waits for it and then gets its id', async () => {
    const server = fieldServer();
    server.state.online = false;
    const { requests } = installFakeFetch(...server.handlers);
    // A group created offline on the add-group screen, in this kebele (and one in another).
    await keep({
      key: 'group-key',
      route: 'createDevelopmentGroup',
      input: { body: { group_name: 'Lemlem', group_type: 'mixed', kebele: 9, created_by: 5 } },
    });
    await keep({
      key: 'elsewhere',
      route: 'createDevelopmentGroup',
      input: { body: { group_name: 'Far away', group_type: 'mixed', kebele: 10, created_by: 5 } },
    });
    const { user } = setup();
    await formReady();
    const select = field('Development group');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Lemlem (waiting for signal)' })).toBeInTheDocument(),
    );
    expect(within(select).queryByRole('option', { name: /Far away/ })).toBeNull();
    await fillPerson(user);
    await user.selectOptions(select, '@group-key');
    await user.click(registerButton());
    expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();
    expect(farmerPosts(requests)).toHaveLength(0);

    server.state.online = true;
    await startOutbox({ tell: tellChat });
    const groupPost = requests.find((r) => r.method === 'POST' && r.path === GROUPS_PATH);
    expect(groupPost?.body).toMatchObject({ group_name: 'Lemlem' });
    expect(farmerPosts(requests).map((r) => r.body)).toEqual([
      expect.objectContaining({ farmer_name: 'Abebe', outbound_development_group: 500 }),
    ]);
    expect((await (await outbox())?.list())?.map((r) => r.key)).toEqual([]);
  });
});
