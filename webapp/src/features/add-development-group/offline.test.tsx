import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, t } from '../../lib/i18n/texts';
import { resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshOutbox, KEPT_OFFLINE } from '../../test-kit/outbox';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { AddDevelopmentGroupScreen } from './add-development-group-screen';

/**
 * Field mode on a writing screen: with no signal a save is kept in the outbox (queued, not
 * failed), the screen says how many records wait, and when the signal returns sync sends each
 * once and the chat gets one summary for the batch.
 */

const created = { id: 41, group_name: 'Tesfa', group_type: 'mixed', kebele: 9, created_by: 5 };

function fakeBackend() {
  const state = { online: false, saved: new Set<string>() };
  const fake = installFakeFetch(
    route('POST', '/backend/api/development-groups/', (req) => {
      if (!state.online) throw new TypeError('Failed to fetch');
      state.saved.add(req.headers['Idempotency-Key'] ?? '');
      return json(201, created);
    }),
    route('POST', '/tg/result', () => {
      if (!state.online) throw new TypeError('Failed to fetch');
      return json(200, { delivered: 'chat_message' });
    }),
  );
  return { state, ...fake };
}

async function addGroupOffline() {
  openAt(`/add_development_group?${signedQuery({ da_id: 5, kebele_id: 9 })}`);
  const user = userEvent.setup();
  renderInApp(<AddDevelopmentGroupScreen />);
  await user.type(await screen.findByLabelText(t('group.fields.group_name')), 'Tesfa');
  await user.click(screen.getByLabelText(t('group.types.mixed')));
  await user.click(screen.getByRole('button', { name: t('common.add') }));
}

describe('Add development group with no signal', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
  });
  afterEach(async () => {
    resetOutboxForTests();
    await initI18n('en');
  });

  it('keeps the group, says it waits for signal, and sends it once with one summary when the signal returns', async () => {
    const backend = fakeBackend();
    await addGroupOffline();

    expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();
    expect(await screen.findByText('1 record waiting for signal')).toBeInTheDocument();
    expect(screen.queryByText('Error Adding Development Group')).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be confirmed/)).not.toBeInTheDocument();

    backend.state.online = true;
    await startOutbox({ tell: tellChat });
    expect(await screen.findByText('All saved')).toBeInTheDocument();
    await startOutbox({ tell: tellChat }); // the next open: nothing left to send or tell

    const posts = backend.requests.filter((r) => r.path === '/backend/api/development-groups/');
    const keys = new Set(posts.map((r) => r.headers['Idempotency-Key']));
    expect(keys.size).toBe(1);
    expect(backend.state.saved.size).toBe(1);
    // Sent late with the proof it was captured under and when.
    const late = posts.at(-1);
    expect(late?.headers['X-Captured-At']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(late?.headers.Authorization).toMatch(/^link \/add_development_group\?/);
    await waitFor(() =>
      expect(backend.requests.filter((r) => r.path === '/tg/result').map((r) => r.body)).toEqual([
        { result: { kind: 'records_synced', saved: 1, refused: 0, reasons: [] } },
      ]),
    );
  });

  it('says how many wait in Amharic, with its plural', async () => {
    fakeBackend();
    await initI18n('am');
    await addGroupOffline();
    expect(await screen.findByText('1 መዝገብ ግንኙነት እየጠበቀ ነው')).toBeInTheDocument();
    // The count shows while the press still runs; end only once it has (its toast), or the
    // press would finish after the page is gone.
    expect(await screen.findByText(t('common.outbox.kept_offline'))).toBeInTheDocument();
  });
});
