import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { signedQuery } from '../../test-kit/render';
import {
  FARMERS_PATH,
  field,
  fillPerson,
  formReady,
  groupsRoute,
  handBackRoute,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

const created = () => route('POST', FARMERS_PATH, () => json(201, savedFarmer()));

describe('Register farmer: draft', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('restores what was typed after a reload, and forgets it once the farmer is saved', async () => {
    const { requests } = installFakeFetch(groupsRoute(), created(), handBackRoute());
    const first = setup();
    await formReady();
    await fillPerson(first.user);
    await first.user.click(field('Add a new development group'));
    await first.user.type(field('Group name'), 'Birhan');
    first.view.unmount();

    const second = setup();
    await formReady();
    expect(field('Farmer name')).toHaveValue('Abebe');
    expect(field('Phone number')).toHaveValue('0911223344');
    expect(field('Gender')).toHaveValue('male');
    expect(field('Add a new development group')).toBeChecked();
    expect(field('Group name')).toHaveValue('Birhan');

    await second.user.click(screen.getByLabelText('Women only'));
    await second.user.click(registerButton());
    await waitFor(() => expect(requests.filter((r) => r.path === '/tg/result')).toHaveLength(1));
    second.view.unmount();

    setup();
    await formReady();
    expect(field('Farmer name')).toHaveValue('');
  });

  it('keeps the Idempotency-Key in the draft: a resubmit after a reload sends the same key', async () => {
    let posts = 0;
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, () => {
        // Saved by the server each time, but the answers of the first press never arrive.
        if (++posts <= 3) throw new TypeError('Failed to fetch');
        return json(201, savedFarmer());
      }),
      handBackRoute(),
    );
    const first = setup();
    await formReady();
    await fillPerson(first.user);
    await first.user.click(field('Add a new development group'));
    await first.user.type(field('Group name'), 'Birhan');
    await first.user.click(screen.getByLabelText('Women only'));
    await first.user.click(registerButton());
    await waitFor(() => expect(posts).toBe(3));
    await screen.findByText(/^No connection: we could not confirm it was saved\./);
    first.view.unmount(); // the WebView reloads

    const second = setup();
    await formReady();
    expect(field('Group name')).toHaveValue('Birhan');
    await second.user.click(registerButton());
    await waitFor(() => expect(requests.filter((r) => r.path === '/tg/result')).toHaveLength(1));
    const keys = requests.filter((r) => r.path === FARMERS_PATH).map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps drafts apart per DA and kebele', async () => {
    installFakeFetch(groupsRoute());
    const first = setup();
    await formReady();
    await first.user.type(field('Farmer name'), 'Abebe');
    first.view.unmount();
    setup(`/farmer_registration?${signedQuery({ da_id: 6, kebele_id: 9 })}`);
    await formReady();
    expect(field('Farmer name')).toHaveValue('');
  });
});
