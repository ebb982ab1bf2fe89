import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { fillIn } from '../../test-kit/forms';
import {
  FARMERS_PATH,
  farmerPosts,
  field,
  fillPerson,
  formReady,
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

/** The backend saves each farmer under a new id, into the group the payload names (a new one: 40). */
function farmersBackend() {
  let next = 77;
  return route('POST', FARMERS_PATH, (req) => {
    const body = req.body as Record<string, unknown>;
    const group = body.development_group ?? body.outbound_development_group;
    return json(
      201,
      savedFarmer({
        id: next++,
        farmer_name: body.farmer_name,
        father_name: body.father_name,
        grand_father_name: body.grand_father_name,
        development_group: typeof group === 'number' ? group : 40,
      }),
    );
  });
}

const anotherButton = () => screen.getByRole('button', { name: 'Register another' });

describe('Register farmer: Register another', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    window.localStorage.clear();
  });

  it('saves, starts the next farmer in the same group, and sends one summary listing the batch', async () => {
    const { requests } = installFakeFetch(groupsRoute(), farmersBackend(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(anotherButton());

    // Saved, and no summary yet: the next farmer starts blank in the same group.
    await waitFor(() => expect(farmerPosts(requests)).toHaveLength(1));
    await waitFor(() => expect(field('Farmer name')).toHaveValue(''));
    expect(field('Development group')).toHaveValue('11');
    expect(handBacks(requests)).toHaveLength(0);
    const registered = screen.getByText('Registered now').closest('section') ?? document.body;
    expect(within(registered as HTMLElement).getByText('Abebe Kebede Tadesse')).toBeInTheDocument();
    expect(screen.getByText(/Abebe Kebede Tadesse is registered/)).toBeInTheDocument();
    // The next farmer blank: the main button finishes the batch instead.
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument();

    await user.type(field('Farmer name'), 'Almaz');
    await user.type(field("Father's name"), 'Desta');
    await user.type(field("Grandfather's name"), 'Bekele');
    await fillIn(user, field('Phone number'), '0911556677');
    await user.selectOptions(field('Gender'), 'female');
    // The second farmer is saved by Register, and the chat gets one summary for both.
    await user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)).toHaveLength(2);
    expect(farmerPosts(requests)[1]?.body).toMatchObject({ farmer_name: 'Almaz', development_group: 11 });
    // Spec §4 for each saved farmer: its data as the server saved it, and status_code 201.
    const saved = (id: number, names: [string, string, string]) => ({
      farmer_id: id,
      name: names.join(' '),
      group_name: 'Abay',
      status_code: 201,
      data: savedFarmer({
        id,
        farmer_name: names[0],
        father_name: names[1],
        grand_father_name: names[2],
        development_group: 11,
      }),
    });
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'farmers_registered',
        farmers: [saved(77, ['Abebe', 'Kebede', 'Tadesse']), saved(78, ['Almaz', 'Desta', 'Bekele'])],
      },
    });
  });

  it('Done sends the batch as it stands; a batch of one is the spec’s own farmer summary', async () => {
    const { requests } = installFakeFetch(groupsRoute(), farmersBackend(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '12');
    await user.click(anotherButton());
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)).toHaveLength(1);
    expect(handBacks(requests)[0]?.body).toMatchObject({
      result: { kind: 'farmer_registered', farmer_id: 77, name: 'Abebe Kebede Tadesse', group_name: 'Tesfa' },
    });
  });

  it('Done with a next farmer begun asks first, and saves nothing of it', async () => {
    const { requests } = installFakeFetch(groupsRoute(), farmersBackend(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '12');
    await user.click(anotherButton());
    await waitFor(() => expect(field('Farmer name')).toHaveValue(''));
    // Half a farmer: the main button registers them; Done is still there, beside it.
    await user.type(field('Farmer name'), 'Half');
    await fillIn(user, field('Phone number'), '0911000001');
    expect(registerButton()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('The next farmer is not registered. Discard what you typed and finish?');
    // Keep editing: nothing happens, what was typed stays.
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(field('Farmer name')).toHaveValue('Half');
    expect(handBacks(requests)).toHaveLength(0);
    // Discard: only the farmer saved before is handed back, with spec §4's data and 201.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(farmerPosts(requests)).toHaveLength(1);
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'farmer_registered',
        farmer_id: 77,
        name: 'Abebe Kebede Tadesse',
        group_name: 'Tesfa',
        status_code: 201,
        data: savedFarmer({ development_group: 12 }),
      },
    });
    // Nothing of the half farmer is kept for the next open either.
    expect(JSON.stringify({ ...window.localStorage, ...window.sessionStorage })).not.toContain('Half');
  });

  it('a farmer who created a group: the next one goes into that group', async () => {
    const { requests } = installFakeFetch(groupsRoute(), farmersBackend(), handBackRoute());
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.click(field('Add a new development group'));
    await user.type(field('Group name'), 'Lemlem');
    await user.click(screen.getByLabelText('Mixed'));
    await user.click(anotherButton());
    await waitFor(() => expect(field('Farmer name')).toHaveValue(''));
    expect(field('Development group')).toHaveValue('40');
    expect(within(field('Development group')).getByRole('option', { name: 'Lemlem' })).toBeInTheDocument();

    await fillPerson(user, '0911556677');
    await user.click(registerButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    // The new group has its creator (this DA): an outbound group, as spec §3 has it.
    expect(farmerPosts(requests)[1]?.body).toMatchObject({ outbound_development_group: 40 });
  });
});
