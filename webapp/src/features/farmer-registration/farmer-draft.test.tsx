import { screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, route } from '../../test/fake-fetch';
import { signedQuery } from '../../test/render';
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
} from './test-helpers';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

const created = () => route('POST', FARMERS_PATH, () => json(201, savedFarmer()));

describe('Register farmer: draft', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
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
