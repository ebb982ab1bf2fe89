import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxStatus } from '../../components/outbox-status';
import { installFakeFetch, json, route, type SeenRequest } from '../../test-kit/fake-fetch';
import { farmerSaved, freshOutbox } from '../../test-kit/outbox';
import { openAt, renderInApp } from '../../test-kit/render';
import { outsideTelegram, setLaunchForTests } from '../launch/launch';
import { keep, outbox, resetOutboxForTests, startOutbox } from './live';
import { OUTBOX_DB, openRecordStore } from './store';
import { resetOutboxViewForTests, useOutboxStore } from './view';

/**
 * The app's outbox on a phone shared by two Telegram accounts (README.md "Whose records"): A
 * keeps records, B opens the app (it sends, shows and tells nothing of A's), then A's next open
 * sends them with A's proof and tells A's chat.
 */

const A = 501;
const B = 502;
const initData = (id: number) => `query_id=q${id}&user=${encodeURIComponent(JSON.stringify({ id }))}&hash=h`;

/** The app opened from the menu by `id` (initData): a reload, nothing in memory kept. */
function openAs(id: number): void {
  cleanup();
  resetOutboxForTests();
  resetOutboxViewForTests();
  openAt('/');
  setLaunchForTests({ ...outsideTelegram, inTelegram: true, rawInitData: initData(id), userId: id });
}

const farmer = (key: string, name: string) =>
  keep({ key, route: 'createFarmer', input: { body: { farmer_name: name } } });

const farmerPosts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/backend/api/farmer-profiles/');

describe('a phone shared by two Telegram accounts', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
  });
  afterEach(() => {
    resetOutboxForTests();
    setLaunchForTests(undefined);
  });

  it('B’s open neither sends, shows nor tells A’s records; A’s next open sends them with A’s proof', async () => {
    // A, without signal for one farmer; the other refused with a reason naming the farmer.
    openAs(A);
    installFakeFetch(
      route('POST', '/backend/api/farmer-profiles/', (req) => {
        if ((req.body as { farmer_name: string }).farmer_name === 'Hirut')
          return json(403, { detail: 'Hirut Tessema is outside your area.' });
        throw new TypeError('Failed to fetch');
      }),
    );
    await farmer('a-refused', 'Hirut');
    await farmer('a-kept', 'Almaz');
    const tellA = vi.fn(async () => true);
    await startOutbox({ tell: tellA });
    expect(useOutboxStore.getState()).toMatchObject({ waiting: 1, refused: [{ key: 'a-refused' }] });
    // The refused record keeps no proof for B to lift; only the waiting one keeps A's (to send it).
    const raw = await openRecordStore(OUTBOX_DB);
    expect((await raw.all()).map((r) => [r.key, r.authorization])).toEqual([
      ['a-refused', undefined],
      ['a-kept', `tma ${initData(A)}`],
    ]);

    // B opens the app on the same phone, with signal, and saves one of their own.
    openAs(B);
    const atB = installFakeFetch(route('POST', '/backend/api/farmer-profiles/', (req) => farmerSaved(req)));
    const tellB = vi.fn(async () => true);
    renderInApp(<OutboxStatus />);
    await startOutbox({ tell: tellB });
    expect(await screen.findByText('All saved')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Hirut/)).toBeNull();
    expect(farmerPosts(atB.requests)).toEqual([]);
    expect(tellB).not.toHaveBeenCalled();
    expect(useOutboxStore.getState()).toMatchObject({ waiting: 0, refused: [] });
    const box = await outbox();
    expect(await box?.list()).toEqual([]);
    expect(await box?.get('a-kept')).toBeUndefined();
    await box?.drop('a-refused'); // Remove or Fix by its key: not B's to drop
    await farmer('b-own', 'Chaltu');
    await startOutbox({ tell: tellB });
    expect(farmerPosts(atB.requests).map((r) => [r.body, r.headers.Authorization])).toEqual([
      [{ farmer_name: 'Chaltu' }, `tma ${initData(B)}`],
    ]);

    // A again, with signal: A's record goes with A's proof, and A's chat hears of it.
    openAs(A);
    const atA = installFakeFetch(route('POST', '/backend/api/farmer-profiles/', (req) => farmerSaved(req)));
    const tellA2 = vi.fn(async () => true);
    renderInApp(<OutboxStatus />);
    await startOutbox({ tell: tellA2 });
    expect(farmerPosts(atA.requests).map((r) => [r.body, r.headers.Authorization])).toEqual([
      [{ farmer_name: 'Almaz' }, `tma ${initData(A)}`],
    ]);
    expect(tellA2).toHaveBeenCalledTimes(1);
    expect(tellA2).toHaveBeenCalledWith(
      { kind: 'records_synced', saved: 1, refused: 0, reasons: [] },
      'outbox-a-kept',
    );
    // A's refusal is still A's to see (B could not remove it).
    await waitFor(() => expect(screen.getByText('Hirut Tessema is outside your area.')).toBeInTheDocument());
    // Every record answered: no proof of A's or B's is left on the phone.
    expect((await raw.all()).filter((r) => r.authorization !== undefined)).toEqual([]);
  });

  it('a launch that names no user keeps nothing and touches no one’s records', async () => {
    openAs(A);
    installFakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await farmer('a-kept', 'Almaz');
    cleanup();
    resetOutboxForTests();
    resetOutboxViewForTests();
    openAt('/'); // a plain browser: no initData, no signed link
    const seen = installFakeFetch(() => json(201, { id: 1 }));
    expect(await outbox()).toBeNull();
    expect(await startOutbox()).toBeNull();
    expect(seen.requests).toEqual([]);
    expect(useOutboxStore.getState().loaded).toBe(false);
    openAs(A);
    expect((await (await outbox())?.list())?.map((r) => r.key)).toEqual(['a-kept']);
  });
});
