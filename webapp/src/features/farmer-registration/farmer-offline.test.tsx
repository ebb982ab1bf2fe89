import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox, resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshOutbox, KEPT_OFFLINE } from '../../test-kit/outbox';
import {
  FARMERS_PATH,
  field,
  fillPerson,
  formReady,
  groupsRoute,
  handBacks,
  registerButton,
  savedFarmer,
  setup,
  warmLazyChunks,
} from './test-kit';

vi.setConfig({ testTimeout: 30_000 });
beforeAll(warmLazyChunks, 60_000);

/**
 * Farmers registered with no signal, one after another ("Register another"): each is kept in
 * the outbox, the form starts the next one in the same group, and when the signal returns each
 * farmer is saved once.
 */
describe('Register farmer with no signal', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
  });
  afterEach(() => resetOutboxForTests());

  it('keeps each farmer, starts the next in the same group, then saves each once', async () => {
    const state = { online: false, saved: new Map<string, number>() };
    const { requests } = installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, (req) => {
        if (!state.online) throw new TypeError('Failed to fetch');
        const key = req.headers['Idempotency-Key'] ?? '';
        state.saved.set(key, (state.saved.get(key) ?? 0) + 1);
        return json(201, savedFarmer({ id: 70 + state.saved.size }));
      }),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(screen.getByRole('button', { name: 'Register another' }));
    expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();
    await waitFor(() => expect(field('Farmer name')).toHaveValue(''));
    expect(field('Development group')).toHaveValue('11');
    expect(await screen.findByText('1 record waiting for signal')).toBeInTheDocument();

    await fillPerson(user, '0911556677');
    await user.click(registerButton());
    expect(await screen.findByText('2 records waiting for signal')).toBeInTheDocument();
    // The press has given up on the signal: the form is done, the batch complete.
    await waitFor(() => expect(field('Farmer name')).toBeDisabled());
    expect(handBacks(requests)).toHaveLength(0);

    state.online = true;
    await startOutbox({ tell: tellChat });
    expect([...state.saved.values()]).toEqual([1, 1]);
    expect(await (await outbox())?.list()).toEqual([]);
    // One batch (Register another, then Register): one summary for both.
    expect(handBacks(requests).map((r) => r.body)).toEqual([
      { result: { kind: 'records_synced', saved: 2, refused: 0, reasons: [] } },
    ]);
  });

  it('takes back its "kept" toast once the record is refused on sync, where the refusal shows', async () => {
    const state = { online: false };
    installFakeFetch(
      groupsRoute(),
      route('POST', FARMERS_PATH, () => {
        if (!state.online) throw new TypeError('Failed to fetch');
        return json(403, { detail: 'This is outside your area.' });
      }),
      route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
    );
    const { user } = setup();
    await formReady();
    await fillPerson(user);
    await user.selectOptions(field('Development group'), '11');
    await user.click(registerButton());
    expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();

    state.online = true;
    await startOutbox({ tell: tellChat });
    expect(await screen.findByText('This is outside your area.')).toBeInTheDocument();
    // Gone with the refusal, not at the end of its own 5 seconds.
    expect(screen.queryByText(KEPT_OFFLINE)).toBeNull();
  });
});
