import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadApiClient } from '../../lib/api/lazy-client';
import { installFakeFetch, json, type SeenRequest } from '../../test-kit/fake-fetch';
import { whenEnabled } from '../../test-kit/render';
import { checkbox, fakeBackend, openScreen, selectSixPairs } from './test-kit';
import { retryTiming } from './use-record-submit';

/**
 * Field faults on submit: what the screen says when records are refused by the server
 * (not saved) and when they got no answer (maybe saved), counted apart, and what it hands back.
 * The backend here has no batch route, so each pair is its own call and faults hit single pairs.
 */

configure({ asyncUtilTimeout: 5000 });

const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');
const failedBox = () => document.querySelector('.ra-status-failed');
const statusLines = () => [...(failedBox()?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
const notConfirmed = (recorded: number, total: number, count: number) =>
  `${recorded} of ${total} recorded. ${count} records could not be confirmed (no connection): they may already be saved. Your selection is kept: press “Retry” when you have signal; nothing will be recorded twice.`;

/** A backend without the batch route where `farmer`'s calls get no answer while `offline.on`. */
function backendOffFor(farmer: number, offline: { on: boolean }, refuse?: number) {
  return fakeBackend({
    batch: () => json(404, { detail: 'Not found.' }),
    single: (req) => {
      const body = req.body as { farmer: number };
      if (body.farmer === refuse) return json(400, { non_field_errors: ['Farmer is not in your kebele.'] });
      if (offline.on && body.farmer === farmer) throw new TypeError('Failed to fetch');
      return undefined;
    },
  });
}

describe('Reach and adoption: refused vs not confirmed', { timeout: 30_000 }, () => {
  beforeAll(() => loadApiClient(), 30_000);
  beforeAll(() => {
    retryTiming.baseDelayMs = 1;
    retryTiming.maxDelayMs = 4;
  });
  afterAll(() => {
    retryTiming.baseDelayMs = 400;
    retryTiming.maxDelayMs = 5000;
  });
  beforeEach(() => vi.unstubAllGlobals());

  it('with no answer for some records, says only that they are not confirmed and that Retry is safe', async () => {
    const offline = { on: true };
    const backend = backendOffFor(103, offline);
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(failedBox()).not.toBeNull());
    // Not "2 records failed.": the server may have saved them (the answer was lost).
    expect(statusLines()).toEqual([notConfirmed(4, 6, 2)]);
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
    expect(checkbox('Select all · Tesfa')).toBeChecked();
    offline.on = false;
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toMatchObject({ result: { recorded: 6, failed: 0 } });
    expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
  });

  it('counts refused and unconfirmed records apart, never one record in both', async () => {
    // Almaz (102) is refused with a 400; Chala (103) gets no answer; Abebe (101) is recorded.
    const backend = backendOffFor(103, { on: true }, 102);
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('adoption');
    await selectSixPairs(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(failedBox()).not.toBeNull());
    expect(statusLines()).toEqual([
      '2 records failed.',
      'Farmer is not in your kebele.', // the server's own text of the refusal
      notConfirmed(2, 6, 2),
    ]);
    expect(handBacks(requests)).toHaveLength(0);
    // Continue: the chat's receipt counts the refused and the unconfirmed apart, as the screen
    // does (README "Hand-back").
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Continue' })));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(handBacks(requests)[0]?.body).toEqual({
      result: {
        kind: 'adoption_recorded',
        farmers: 3,
        advisories: 2,
        recorded: 2,
        failed: 2,
        unconfirmed: 2,
      },
    });
    expect(screen.queryByText('Adoption recorded successfully.')).not.toBeInTheDocument();
  });

  it("counts 'M of T recorded' over the current selection only, not pairs unticked since", async () => {
    const offline = { on: true };
    const backend = backendOffFor(103, offline);
    const { requests } = installFakeFetch(backend.handler);
    const user = userEvent.setup({ delay: null });
    openScreen('reach');
    await selectSixPairs(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(statusLines()).toEqual([notConfirmed(4, 6, 2)]));
    // Abebe's two records are saved; the DA drops him and submits Almaz and Chala again.
    await user.click(await whenEnabled(() => checkbox('Abebe Kebede')));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(statusLines()).toEqual([notConfirmed(2, 4, 2)]));
    offline.on = false;
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Retry' })));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    // The receipt still counts Abebe's records: they are in the database.
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0, unconfirmed: 0 },
    });
    expect(backend.stored.size).toBe(6);
    expect([...backend.stored.values()].every((n) => n === 1)).toBe(true);
  });
});
