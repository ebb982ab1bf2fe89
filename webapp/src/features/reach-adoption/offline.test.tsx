import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { outsideTelegram, setLaunchForTests } from '../../lib/launch/launch';
import { resetAsOfForTests } from '../../lib/offline-cache/read-through';
import { closeForTests, kept } from '../../lib/offline-cache/store';
import { warm } from '../../lib/offline-cache/warm';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshIndexedDb } from '../../test-kit/indexed-db';
import { openAt, signedQuery } from '../../test-kit/render';
import { DA, fakeBackend, groups, KEBELE, openScreen, selectSixPairs } from './test-kit';

configure({ asyncUtilTimeout: 5000 });

/** The screen as Telegram user 501 opens it from the bot's link. */
async function open(kind: 'reach' | 'adoption') {
  cleanup();
  resetAsOfForTests();
  await closeForTests();
  openScreen(kind);
  setLaunchForTests({ ...outsideTelegram, userId: 501 });
}

describe('Reach and adoption without signal', { timeout: 30_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshIndexedDb();
  });

  it('the groups, their farmers and the hierarchy opened once with signal are there offline', async () => {
    installFakeFetch(fakeBackend().handler);
    const user = userEvent.setup();
    await open('reach');
    await selectSixPairs(user);
    expect(screen.queryByText(/No connection/)).toBeNull();
    // The last list the DA opened (the advisory of "Seed rate") is kept once the page is idle.
    const seedRate = [
      'listAdvisories',
      { query: { value_chain: 10, sub_practice: 1000, location: 'kebele,501' } },
    ];
    await waitFor(async () => expect(await kept(seedRate)).toBeDefined());

    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await open('reach');
    await selectSixPairs(user); // the same farmers and advisories, from the cache
    expect(screen.getByText(/No connection: showing what was fetched/)).toBeInTheDocument();
  });

  it('kept ready by a screen opened with signal, the screen works offline never opened before', async () => {
    const backend = fakeBackend();
    const { requests } = installFakeFetch(
      route('GET', '/backend/api/development-groups/', () => json(200, groups)),
      backend.handler,
    );
    // As the hub does for a DA, once idle (opened from the menu button: initData).
    openAt('/');
    setLaunchForTests({ ...outsideTelegram, userId: 501, rawInitData: 'user=%7B%22id%22%3A501%7D' });
    expect(await warm(KEBELE)).toBeGreaterThan(20);
    // Done lately: not again.
    const asked = requests.length;
    expect(await warm(KEBELE)).toBe(0);
    expect(requests.length).toBe(asked);
    await waitFor(async () =>
      expect(
        await kept(['listSubPractices', { params: { id: 200 }, query: { paginate: 'false' } }]),
      ).toBeDefined(),
    );
    await waitFor(async () =>
      expect(
        await kept([
          'listAdvisories',
          { query: { value_chain: 10, sub_practice: 1000, location: 'kebele,501' } },
        ]),
      ).toBeDefined(),
    );

    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    await open('reach');
    await selectSixPairs(user);
    expect(screen.getByText(/No connection: showing what was fetched/)).toBeInTheDocument();
  });

  it('a screen opened from a signed link reads ahead only what its link grants', async () => {
    const backend = fakeBackend();
    const { requests } = installFakeFetch(
      route('GET', '/backend/api/development-groups/', () => json(200, groups)),
      backend.handler,
    );
    // The farmer form's link grants the kebele's groups, not the groups' farmers (403s on 2G).
    openAt(`/farmer_registration?${signedQuery({ da_id: DA, kebele_id: KEBELE })}`);
    setLaunchForTests({ ...outsideTelegram, userId: 501 });
    expect(await warm(KEBELE)).toBeGreaterThan(5);
    const paths = requests.map((r) => r.path);
    expect(paths).toContain('/backend/api/development-groups/');
    expect(paths.some((p) => /\/development-groups\/\d+\/$/.test(p))).toBe(false);
    expect(paths.some((p) => p.startsWith('/backend/api/farmer-profiles/'))).toBe(false);
    expect(paths.some((p) => p.startsWith('/backend/api/farmerlist-adoption/'))).toBe(false);
    // The public hierarchy is read ahead as for anyone.
    expect(paths).toContain('/backend/api/value-chain-categories/');
  });

  it('offline, a list never opened with signal fails as before', async () => {
    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await open('reach');
    expect((await screen.findAllByRole('button', { name: 'Try Again' })).length).toBeGreaterThan(0);
    expect(screen.queryByText(/No connection: showing/)).toBeNull();
  });
});
