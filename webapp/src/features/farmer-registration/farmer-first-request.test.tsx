import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-state';
import { resetEarlyGetForTests, startEarlyGet } from '../../lib/early-get';
import { installFakeFetch, json, route } from '../../test/fake-fetch';
import { openAt } from '../../test/render';
import { fetchKebeleGroups } from './groups-request';
import { FARMER_URL, GROUPS_PATH, groups, groupsRoute } from './test-helpers';

/** What app/early.ts does in the build, from its own script, before the app's chunks arrive. */
const launchEarly = (url: string, hash = '') => {
  openAt(url);
  startEarlyGet({ pathname: window.location.pathname, search: window.location.search, hash });
};
const groupCalls = <R extends { path: string }>(requests: R[]) =>
  requests.filter((r) => r.path === GROUPS_PATH);

describe('Register farmer: the early groups GET (app/early.ts → lib/early-get.ts)', () => {
  beforeEach(() => resetEarlyGetForTests());

  it('asks for the kebele’s groups with the link’s proof, and the screen uses that answer', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    launchEarly(`${FARMER_URL}&lang=am`);
    expect(groupCalls(requests)).toHaveLength(1);
    const early = groupCalls(requests)[0];
    expect(Object.fromEntries(early?.query ?? [])).toEqual({ kebele: '9', paginate: 'false' });
    expect(early?.headers.Authorization).toBe(`link ${FARMER_URL}&lang=am`);
    expect(early?.headers['Accept-Language']).toBe('am');

    // The app (in Amharic, as the link says) makes the same request: no second one.
    const { initI18n } = await import('../../lib/i18n');
    await initI18n('am');
    try {
      await expect(fetchKebeleGroups(9)).resolves.toEqual({ ok: true, groups });
      expect(groupCalls(requests)).toHaveLength(1);
      // Used once: a retry asks again.
      await fetchKebeleGroups(9);
      expect(groupCalls(requests)).toHaveLength(2);
    } finally {
      await initI18n('en');
    }
  });

  it('is not used for another request: another kebele, or a proof the app reads differently', async () => {
    const { requests } = installFakeFetch(groupsRoute());
    launchEarly(FARMER_URL);
    await fetchKebeleGroups(8);
    expect(groupCalls(requests).map((r) => r.query.get('kebele'))).toEqual(['9', '8']);

    // initData in the hash, but no Telegram client to hear us: the app proves with the link.
    resetEarlyGetForTests();
    launchEarly(
      FARMER_URL,
      '#tgWebAppData=user%3D%257B%2522id%2522%253A7%257D%26hash%3Dx&tgWebAppPlatform=android&tgWebAppVersion=8.0',
    );
    expect(groupCalls(requests)[2]?.headers.Authorization).toMatch(/^tma user=/);
    await fetchKebeleGroups(9);
    expect(groupCalls(requests)).toHaveLength(4);
    expect(groupCalls(requests)[3]?.headers.Authorization).toBe(`link ${FARMER_URL}`);
  });

  it('starts nothing on other screens or without the screen’s ids', () => {
    const { requests } = installFakeFetch(groupsRoute());
    launchEarly('/farmer_registration?kebele_id=9');
    launchEarly('/farmer_registration?da_id=5&kebele_id=x');
    launchEarly('/record_reach?da_id=5&kebele_id=9');
    expect(requests).toHaveLength(0);
  });

  it('a 401 to the early request still switches the screen to “open it again”', async () => {
    installFakeFetch(route('GET', GROUPS_PATH, () => json(401, { detail: 'Invalid signature.' })));
    launchEarly(FARMER_URL);
    await expect(fetchKebeleGroups(9)).resolves.toEqual({ ok: false, status: 401 });
    expect(useAuthStore.getState().status).toBe('unauthorized');
  });
});
