import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetOutboxForTests, startOutbox } from '../../lib/outbox/live';
import { tellChat } from '../../telegram';
import { installFakeFetch, json, route } from '../../test-kit/fake-fetch';
import { freshOutbox, KEPT_OFFLINE } from '../../test-kit/outbox';
import { openAt, renderInApp, signedQuery } from '../../test-kit/render';
import { FeedbackScreen } from './feedback-screen';

configure({ asyncUtilTimeout: 5000 });

/** Feedback given with no signal: kept in the outbox, keyed, sent once when the signal returns. */

const advisory = {
  id: 7,
  label: 'Row planting of teff',
  template_content: ['Plant teff in rows 20 cm apart.'],
  sub_practice: 3,
  value_chain: 2,
  created_at: '2025-01-10T08:00:00Z',
  feedback_questions: [
    {
      id: 12,
      question: 'Was it useful?',
      type: 'SELECT_ONE',
      choices: [
        { id: 201, name: 'Yes' },
        { id: 202, name: 'No' },
      ],
    },
  ],
};

describe('Feedback with no signal', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    await freshOutbox();
  });
  afterEach(() => resetOutboxForTests());

  it('is kept, said to be kept, then saved once with one summary in the chat', async () => {
    const state = { online: true, saved: new Set<string>() };
    const offlineThrows = () => {
      if (!state.online) throw new TypeError('Failed to fetch');
    };
    const { requests } = installFakeFetch(
      route('GET', '/backend/api/advisory/', () =>
        json(200, { count: 1, next: null, previous: null, results: [advisory] }),
      ),
      route('POST', '/backend/api/feedback/', (req) => {
        offlineThrows();
        state.saved.add(req.headers['Idempotency-Key'] ?? '');
        return json(201, { id: 1, created_at: '2025-01-10T09:00:00Z', ...(req.body as object) });
      }),
      route('POST', '/tg/result', () => {
        offlineThrows();
        return json(200, { delivered: 'chat_message' });
      }),
    );
    openAt(`/feedback?${signedQuery({ chat_id: 900, user_id: 5, advisory_id: 7 })}`);
    const user = userEvent.setup({ delay: null });
    renderInApp(<FeedbackScreen />);
    await user.click(await screen.findByLabelText('Yes'));
    state.online = false;
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(KEPT_OFFLINE)).toBeInTheDocument();
    expect(await screen.findByText('1 record waiting for signal')).toBeInTheDocument();

    state.online = true;
    await startOutbox({ tell: tellChat });
    await startOutbox({ tell: tellChat });
    expect(state.saved.size).toBe(1);
    expect(requests.filter((r) => r.path === '/tg/result').map((r) => r.body)).toEqual([
      { result: { kind: 'records_synced', saved: 1, refused: 0, reasons: [] } },
    ]);
    expect(await screen.findByText('All saved')).toBeInTheDocument();
  });
});
