import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FarmerRegistrationScreen } from '../features/farmer-registration/farmer-registration-screen';
import { fetchKebeleGroups } from '../features/farmer-registration/groups-request';
import {
  FARMER_URL,
  field,
  formReady,
  GROUPS_PATH,
  groups,
  groupsRoute,
  warmLazyChunks,
} from '../features/farmer-registration/test-kit';
import { resetEarlyGetForTests, startEarlyGet } from '../lib/api/early-get';
import { useAuthStore } from '../lib/launch/proof';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { openAt, renderInApp } from '../test-kit/render';
import { preloadScreen } from './screens';

vi.setConfig({ testTimeout: 20_000 });
beforeAll(warmLazyChunks, 60_000);

/**
 * What the launch does in the build: app/early.ts starts the screen's first request (its plan
 * in the screen registry) from its own script, before the app's chunks arrive; main.tsx then
 * loads the screen's chunk.
 */
const launchEarly = (url: string, hash = '') => {
  openAt(url);
  startEarlyGet({ pathname: window.location.pathname, search: window.location.search, hash });
};
const launch = (url = FARMER_URL) => {
  launchEarly(url);
  return preloadScreen(window.location.pathname);
};
const groupCalls = <R extends { path: string }>(requests: R[]) =>
  requests.filter((r) => r.path === GROUPS_PATH);

describe('Register farmer: the first request (app/early.ts → lib/api/early-get.ts → the screen)', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
    resetEarlyGetForTests();
  });

  it('asks for the kebele’s groups with the link’s proof, and the screen uses that answer', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    launchEarly(`${FARMER_URL}&lang=am`);
    expect(groupCalls(requests)).toHaveLength(1);
    const early = groupCalls(requests)[0];
    expect(Object.fromEntries(early?.query ?? [])).toEqual({ kebele: '9', paginate: 'false' });
    expect(early?.headers.Authorization).toBe(`link ${FARMER_URL}&lang=am`);
    expect(early?.headers['Accept-Language']).toBe('am');

    // The app (in Amharic, as the link says) makes the same request: no second one.
    const { initI18n } = await import('../lib/i18n/texts');
    await initI18n('am');
    try {
      await expect(fetchKebeleGroups({ da_id: 5, kebele_id: 9 })).resolves.toEqual({ ok: true, groups });
      expect(groupCalls(requests)).toHaveLength(1);
      // Used once: a retry asks again.
      await fetchKebeleGroups({ da_id: 5, kebele_id: 9 });
      expect(groupCalls(requests)).toHaveLength(2);
    } finally {
      await initI18n('en');
    }
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

  it('is used once: a failed early request is retried with a new request', async () => {
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

  it('is not used for another request: another kebele, or a proof the app reads differently', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    launchEarly(FARMER_URL);
    await fetchKebeleGroups({ da_id: 5, kebele_id: 8 });
    expect(groupCalls(requests).map((r) => r.query.get('kebele'))).toEqual(['9', '8']);

    // initData in the hash, but no Telegram client to hear us: the app proves with the link.
    resetEarlyGetForTests();
    launchEarly(
      FARMER_URL,
      '#tgWebAppData=user%3D%257B%2522id%2522%253A7%257D%26hash%3Dx&tgWebAppPlatform=android&tgWebAppVersion=8.0',
    );
    expect(groupCalls(requests)[2]?.headers.Authorization).toMatch(/^tma user=/);
    await fetchKebeleGroups({ da_id: 5, kebele_id: 9 });
    expect(groupCalls(requests)).toHaveLength(4);
    expect(groupCalls(requests)[3]?.headers.Authorization).toBe(`link ${FARMER_URL}`);
  });

  it('starts nothing on other screens or without the screen’s ids', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    await launch('/farmer_registration?kebele_id=9');
    await launch('/farmer_registration?da_id=5&kebele_id=x');
    await launch('/record_reach?da_id=5&kebele_id=9');
    await launch('/no_such_screen?da_id=5&kebele_id=9');
    expect(requests).toHaveLength(0);
  });

  it('a 401 to the early request still switches the screen to “open it again”', async () => {
    installFakeFetch(route('GET', GROUPS_PATH, () => json(401, { detail: 'Invalid signature.' })));
    launchEarly(FARMER_URL);
    await expect(fetchKebeleGroups({ da_id: 5, kebele_id: 9 })).resolves.toEqual({ ok: false, status: 401 });
    expect(useAuthStore.getState().status).toBe('unauthorized');
  });
});
