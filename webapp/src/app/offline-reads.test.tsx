import type { MeAnswer } from '@gebere/contract/hub';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetEarlyGetForTests } from '../lib/api/early-get';
import { outsideTelegram } from '../lib/launch/launch';
import { resetAsOfForTests } from '../lib/offline-cache/read-through';
import { closeForTests, kept } from '../lib/offline-cache/store';
import { setLaunchForTests } from '../telegram/launch';
import { installFakeFetch, json, route } from '../test-kit/fake-fetch';
import { freshIndexedDb } from '../test-kit/indexed-db';
import { openAt } from '../test-kit/render';
import { App } from './app';
import { preloadScreen } from './screens';

const INIT_DATA = 'user=%7B%22id%22%3A501%7D&hash=x';
const da: MeAnswer = {
  telegram_id: 501,
  chat_id: 501,
  bot_user: { id: 7, verification_status: 'VERIFIED', language: 'en', phone_verified: true },
  da: { id: 11, kebele: 42, name: 'Almaz', phone_number: '0911223344' },
  report_user: null,
  grants: [],
};
const groups = [
  { id: 3, group_name: 'Tesfa', group_type: 'mixed', kebele: 42, created_by: 11 },
  { id: 5, group_name: 'Andinet', group_type: 'women_only', kebele: 42, created_by: 11 },
];

const online = () =>
  installFakeFetch(
    route('GET', '/backend/api/me/', () => json(200, da)),
    route('GET', '/backend/api/development-groups/', () => json(200, groups)),
  );
/** No signal: every request fails as fetch does offline. */
const offline = () =>
  installFakeFetch(() => {
    throw new TypeError('Failed to fetch');
  });

/** The hub's group picker (Record reach), opened by Telegram user `userId`. */
async function openPicker(userId: number) {
  cleanup();
  resetEarlyGetForTests();
  resetAsOfForTests();
  await closeForTests(); // a new launch checks the owner again
  openAt('/?pick=record_reach&lang=en');
  setLaunchForTests({ ...outsideTelegram, rawInitData: INIT_DATA, userId });
  await preloadScreen('/');
  render(<App />);
}

describe('the lists a DA needs, offline', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshIndexedDb();
  });

  it('opened once with signal, the group picker works offline and says how old its data is', async () => {
    online();
    await openPicker(501);
    expect(await screen.findByLabelText('Tesfa')).toBeInTheDocument();
    expect(screen.queryByText(/No connection/)).toBeNull(); // live data: no "as of" line
    // Kept once the page is idle.
    await waitFor(async () =>
      expect(
        await kept(['listDevelopmentGroups', { query: { kebele: 42, paginate: 'false' } }]),
      ).toBeDefined(),
    );
    await waitFor(async () => expect(await kept(['getMe', {}])).toBeDefined());

    offline();
    await openPicker(501);
    expect(await screen.findByLabelText('Andinet')).toBeInTheDocument();
    expect(screen.getByLabelText('Tesfa')).toBeInTheDocument();
    // The "as of" line (a status beside the outbox's own, which the picker loads for its kept groups).
    const asOf = 'No connection: showing what was fetched a few seconds ago.';
    expect(await screen.findByText(asOf)).toHaveAttribute('role', 'status');
  });

  it('another Telegram user on the same phone gets nothing of it', async () => {
    online();
    await openPicker(501);
    expect(await screen.findByLabelText('Tesfa')).toBeInTheDocument();
    await waitFor(async () => expect(await kept(['getMe', {}])).toBeDefined());

    offline();
    await openPicker(502);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText('Tesfa')).toBeNull();
    expect(screen.queryByText(/No connection: showing/)).toBeNull();
  });
});
