import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadScreen } from '../../app/screens';
import { installFakeFetch, json, route } from '../../test/fake-fetch';
import { openAt, renderInApp } from '../../test/render';
import { FarmerRegistrationScreen } from './farmer-registration-screen';
import { takePrefetchedGroups } from './groups-request';
import {
  FARMER_URL,
  field,
  formReady,
  GROUPS_PATH,
  groups,
  groupsRoute,
  warmLazyChunks,
} from './test-helpers';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

const launch = (url = FARMER_URL) => {
  openAt(url);
  return preloadScreen('/farmer_registration', new URLSearchParams(url.split('?')[1]));
};
const groupCalls = <R extends { path: string }>(requests: R[]) =>
  requests.filter((r) => r.path === GROUPS_PATH);

describe('Register farmer: the launch prefetch (main.tsx → screens.ts → prefetch)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    takePrefetchedGroups(-1); // nothing left over from another test
  });

  it('asks for the groups before the screen renders, and the screen uses that answer', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { requests } = installFakeFetch(
      route('GET', GROUPS_PATH, () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await launch();
    expect(groupCalls(requests)).toHaveLength(1);
    expect(Object.fromEntries(groupCalls(requests)[0]?.query ?? [])).toEqual({
      kebele: '9',
      paginate: 'false',
    });
    expect(groupCalls(requests)[0]?.headers.Authorization).toMatch(/^link /);

    renderInApp(<FarmerRegistrationScreen />);
    expect(await screen.findByText('Loading development groups…')).toBeInTheDocument();
    answer(json(200, groups));
    await formReady();
    expect(within(field('Development group')).getAllByRole('option')).toHaveLength(3);
    expect(groupCalls(requests)).toHaveLength(1);
  });

  it('is used once: a failed prefetch is retried with a new request', async () => {
    let fail = true;
    const { requests } = installFakeFetch(
      route('GET', GROUPS_PATH, () => (fail ? json(503, { detail: 'busy' }) : json(200, groups))),
    );
    await launch();
    renderInApp(<FarmerRegistrationScreen />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    fail = false;
    retry.click();
    await formReady();
    expect(groupCalls(requests)).toHaveLength(2);
  });

  it('starts nothing without the screen’s ids, or for another kebele', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    await preloadScreen('/farmer_registration', new URLSearchParams('kebele_id=9'));
    await preloadScreen('/farmer_registration', new URLSearchParams('da_id=5&kebele_id=x'));
    await preloadScreen('/no_such_screen', new URLSearchParams('da_id=5&kebele_id=9'));
    expect(groupCalls(requests)).toHaveLength(0);
    await preloadScreen('/farmer_registration', new URLSearchParams('da_id=5&kebele_id=8'));
    expect(takePrefetchedGroups(9)).toBeUndefined();
  });
});
