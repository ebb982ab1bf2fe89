import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n/texts';
import { installFakeFetch, json, route, type SeenRequest } from '../../test-kit/fake-fetch';
import { openAt, renderInApp, signedQuery, whenEnabled } from '../../test-kit/render';
import { FeedbackScreen } from './feedback-screen';

// On a busy 2-core machine the first call also compiles the API client, the contract and zod:
// give asynchronous queries and whole tests room, so that timing never decides a result.
configure({ asyncUtilTimeout: 5000 });

const questions = [
  {
    id: 11,
    question: 'Which parts did you use?',
    type: 'SELECT_MULTIPLE',
    choices: [
      { id: 101, name: 'Seed rate' },
      { id: 102, name: 'Spacing' },
      { id: 103, name: 'Fertilizer' },
    ],
  },
  {
    id: 12,
    question: 'Was it useful?',
    type: 'SELECT_ONE',
    choices: [
      { id: 201, name: 'Yes' },
      { id: 202, name: 'No' },
    ],
  },
  { id: 13, question: 'How clear was it?', type: 'RATING', choices: [] },
  { id: 14, question: 'What would you change?', type: 'TEXT', choices: [] },
];

const advisory = (over: Record<string, unknown> = {}) => ({
  id: 7,
  label: 'Row planting of teff',
  template_content: ['Plant teff in rows 20 cm apart.', 'Use 5 kg of seed per hectare.'],
  template_content_am: ['ጤፍን በ20 ሳ.ሜ. ርቀት በመስመር ይዝሩ።'],
  sub_practice: 3,
  value_chain: 2,
  created_at: '2025-01-10T08:00:00Z',
  feedback_questions: questions,
  ...over,
});

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

type Respond = (req: SeenRequest) => Response;

function backend({
  advisoryResponse = () => json(200, page([advisory()])),
  feedback = (req) => json(201, { id: 1, created_at: '2025-01-10T09:00:00Z', ...(req.body as object) }),
}: {
  advisoryResponse?: Respond;
  feedback?: Respond;
} = {}) {
  return installFakeFetch(
    route('GET', '/backend/api/advisory/', advisoryResponse),
    route('POST', '/backend/api/feedback/', feedback),
    route('POST', '/tg/result', () => json(200, { delivered: 'chat_message' })),
  );
}

function setup(params: Record<string, string | number> = { chat_id: 900, user_id: 5, advisory_id: 7 }) {
  openAt(`/feedback?${signedQuery(params)}`);
  const user = userEvent.setup({ delay: null });
  renderInApp(<FeedbackScreen />);
  return { user };
}

const submitButton = () => screen.getByRole('button', { name: 'Submit' });
const feedbackPosts = (requests: SeenRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/backend/api/feedback/');
const handBacks = (requests: SeenRequest[]) => requests.filter((r) => r.path === '/tg/result');

describe('Feedback', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(async () => {
    await initI18n('en');
  });

  it('loads the advisory by id and shows its text above an input per question type', async () => {
    const { requests } = backend();
    setup();
    expect(await screen.findByText('Row planting of teff')).toBeInTheDocument();
    expect(screen.getByText('Plant teff in rows 20 cm apart.')).toBeInTheDocument();
    expect(requests[0]?.query.get('id')).toBe('7');

    const multiple = screen.getByRole('group', { name: '1. Which parts did you use?' });
    expect(
      within(multiple)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Seed rate', 'Spacing', 'Fertilizer']);
    const one = screen.getByRole('radiogroup', { name: '2. Was it useful?' });
    expect(within(one).getAllByRole('radio')).toHaveLength(2);
    const stars = screen.getByRole('radiogroup', { name: '3. How clear was it?' });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 of 5 stars', '2 of 5 stars', '3 of 5 stars', '4 of 5 stars', '5 of 5 stars']);
    const detail = screen.getByRole('textbox', { name: 'Detail' });
    expect(detail.tagName).toBe('TEXTAREA');
    expect(screen.getByText('Detail')).toBeInTheDocument();
    expect(submitButton()).toBeInTheDocument();
  });

  it('sends one feedback per answered question with the answer shape of its type, then hands back', async () => {
    const { requests } = backend();
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByLabelText('Fertilizer'));
    await user.click(screen.getByLabelText('Seed rate'));
    await user.click(screen.getByLabelText('No'));
    await user.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Detail' }), '  Bigger print  ');
    await user.click(submitButton());

    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const bodies = feedbackPosts(requests).map((r) => r.body);
    expect(bodies).toEqual([
      { user: 5, feedback_question: 11, response: { question_id: 11, answer: { choice: [101, 103] } } },
      { user: 5, feedback_question: 12, response: { question_id: 12, answer: { choice: 202 } } },
      { user: 5, feedback_question: 13, response: { question_id: 13, answer: { rating: 4 } } },
      { user: 5, feedback_question: 14, response: { question_id: 14, answer: { text: 'Bigger print' } } },
    ]);
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'feedback_sent', advisory_id: 7, answers: 4 },
    });
    expect(screen.getByText('Feedback sent successfully')).toBeInTheDocument();
  });

  it('keeps the answers through a reload (a closed app) until they are sent', async () => {
    const { requests } = backend();
    const first = setup();
    await screen.findByText('Row planting of teff');
    await first.user.click(screen.getByLabelText('Fertilizer'));
    await first.user.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    await first.user.type(screen.getByRole('textbox', { name: 'Detail' }), 'Bigger print');
    cleanup(); // the WebView reloads

    const second = setup();
    await screen.findByText('Row planting of teff');
    expect(screen.getByLabelText('Fertilizer')).toBeChecked();
    expect(screen.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Detail' })).toHaveValue('Bigger print');
    await second.user.click(submitButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    cleanup();

    setup();
    await screen.findByText('Row planting of teff');
    expect(screen.getByLabelText('Fertilizer')).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Detail' })).toHaveValue('');
  });

  it('skips empty answers: unchecked boxes, a cleared rating and a text of spaces', async () => {
    const { requests } = backend();
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByLabelText('Spacing'));
    await user.click(screen.getByLabelText('Spacing')); // unchecked again
    await user.click(screen.getByRole('radio', { name: '2 of 5 stars' }));
    await user.click(screen.getByRole('radio', { name: '2 of 5 stars' })); // tapping it again clears
    await user.click(screen.getByLabelText('Yes'));
    await user.type(screen.getByRole('textbox', { name: 'Detail' }), '   ');
    await user.click(submitButton());

    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(feedbackPosts(requests).map((r) => r.body)).toEqual([
      { user: 5, feedback_question: 12, response: { question_id: 12, answer: { choice: 201 } } },
    ]);
    expect(handBacks(requests)[0]?.body).toMatchObject({ result: { answers: 1 } });
  });

  it('asks for at least one answered question and sends nothing', async () => {
    const { requests } = backend();
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.type(screen.getByRole('textbox', { name: 'Detail' }), '  ');
    await user.click(submitButton());
    expect(
      await screen.findByText('Please select atleast 1 question to give your feedback'),
    ).toBeInTheDocument();
    expect(feedbackPosts(requests)).toHaveLength(0);
    expect(handBacks(requests)).toHaveLength(0);
  });

  it('rates with the keyboard: arrow keys move between the stars and the chosen word shows', async () => {
    backend();
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByRole('radio', { name: '3 of 5 stars' }));
    expect(screen.getByText('Fair')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    expect(screen.getByText('Good')).toBeInTheDocument();
  });

  it("on a failed answer toasts the error, offers 'Try Again' and re-sends only the failed one", async () => {
    let ratingCalls = 0;
    const { requests } = backend({
      feedback: (req) => {
        const body = req.body as { feedback_question: number };
        // The first send and its two automatic retries fail.
        if (body.feedback_question === 13 && ++ratingCalls <= 3) return json(503, {});
        return json(201, {
          id: body.feedback_question,
          created_at: '2025-01-10T09:00:00Z',
          ...(req.body as object),
        });
      },
    });
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByLabelText('Yes'));
    await user.click(screen.getByRole('radio', { name: '5 of 5 stars' }));
    await user.click(submitButton());

    expect(await screen.findByText('Error adding feedback, please try again.')).toBeInTheDocument();
    expect(feedbackPosts(requests)).toHaveLength(4);
    expect(handBacks(requests)).toHaveLength(0);

    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Try Again' })));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    const posts = feedbackPosts(requests);
    expect(posts).toHaveLength(5);
    expect(posts[4]?.body).toMatchObject({ feedback_question: 13, response: { answer: { rating: 5 } } });
    expect(handBacks(requests)[0]?.body).toEqual({
      result: { kind: 'feedback_sent', advisory_id: 7, answers: 2 },
    });
  });

  it("after a failed hand-back: only the error, the button reads 'Try Again', which hands back alone", async () => {
    let handBackCalls = 0;
    const { requests } = installFakeFetch(
      route('GET', '/backend/api/advisory/', () => json(200, page([advisory()]))),
      route('POST', '/backend/api/feedback/', (req) =>
        json(201, { id: 1, created_at: '2025-01-10T09:00:00Z', ...(req.body as object) }),
      ),
      route('POST', '/tg/result', () =>
        ++handBackCalls === 1 ? json(502, {}) : json(200, { delivered: 'chat_message' }),
      ),
    );
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByLabelText('Yes'));
    await user.click(submitButton());

    expect(await screen.findByText('Error sending message to bot, please try again')).toBeInTheDocument();
    expect(screen.queryByText('Feedback sent successfully')).not.toBeInTheDocument();
    await user.click(await whenEnabled(() => screen.getByRole('button', { name: 'Try Again' })));
    await waitFor(() => expect(handBacks(requests)).toHaveLength(2));
    // the answer was saved the first time: only the hand-back is sent again
    expect(feedbackPosts(requests)).toHaveLength(1);
    expect(await screen.findByText('Feedback sent successfully')).toBeInTheDocument();
  });

  it('retries a lost answer by itself: one press, the answer saved, handed back', async () => {
    let calls = 0;
    const { requests } = backend({
      feedback: (req) => {
        if (++calls === 1) throw new TypeError('Failed to fetch');
        return json(201, { id: 1, created_at: '2025-01-10T09:00:00Z', ...(req.body as object) });
      },
    });
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    await user.click(screen.getByLabelText('No'));
    await user.click(submitButton());
    await waitFor(() => expect(handBacks(requests)).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('with no answer at all says it could not confirm the save, keeps the answers, Try Again is safe', async () => {
    const fake = backend();
    const { user } = setup();
    await screen.findByText('Row planting of teff');
    fake.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await user.click(screen.getByLabelText('No'));
    await user.click(submitButton());
    expect(
      await screen.findByText(
        'No connection: we could not confirm it was saved. What you entered is kept here. Press “Try Again” again when you have signal; it will not be saved twice.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error adding feedback, please try again.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('No')).toBeChecked();
  });

  it("shows 'Advisory not found' on a 404", async () => {
    backend({ advisoryResponse: () => json(404, { detail: 'Not found.' }) });
    setup();
    expect(await screen.findByText('Advisory not found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it("shows 'Advisory not found' when the page is empty", async () => {
    backend({ advisoryResponse: () => json(200, page([])) });
    setup();
    expect(await screen.findByText('Advisory not found')).toBeInTheDocument();
  });

  it("shows 'Error fetching questions' on other errors, and Try Again loads again", async () => {
    let fail = true;
    const { requests } = backend({
      advisoryResponse: () => (fail ? json(500, {}) : json(200, page([advisory()]))),
    });
    const { user } = setup();
    expect(await screen.findByText('Error fetching questions')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Row planting of teff')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/backend/api/advisory/')).toHaveLength(2);
  });

  it('says so when the advisory has no feedback questions', async () => {
    backend({ advisoryResponse: () => json(200, page([advisory({ feedback_questions: [] })])) });
    setup();
    expect(await screen.findByText('Feedback question not found for this advisory')).toBeInTheDocument();
    expect(screen.getByText('Row planting of teff')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows an unlabelled advisory’s text once, not its start again as a title', async () => {
    const long =
      'Weed the field two and four weeks after sowing, then again before the crop closes its rows.';
    backend({
      advisoryResponse: () => json(200, page([advisory({ label: null, template_content: [long] })])),
    });
    setup();
    expect(await screen.findByText(long)).toBeInTheDocument();
    expect(screen.queryByText(`${long.slice(0, 80)}…`)).not.toBeInTheDocument();
  });

  it('titles the advisory with its Amharic label on an Amharic screen', async () => {
    await initI18n('am');
    backend({
      advisoryResponse: () => json(200, page([advisory({ label_am: 'ጤፍን በመስመር መዝራት' })])),
    });
    setup({ chat_id: 900, user_id: 5, advisory_id: 7, lang: 'am' });
    expect(await screen.findByText('ጤፍን በመስመር መዝራት')).toBeInTheDocument();
    expect(screen.getByText('ጤፍን በ20 ሳ.ሜ. ርቀት በመስመር ይዝሩ።')).toBeInTheDocument();
    expect(screen.queryByText('Row planting of teff')).not.toBeInTheDocument();
  });

  it('asks to reopen from the bot when user_id or advisory_id is missing', () => {
    const { requests } = backend();
    setup({ chat_id: 900, user_id: 5 });
    expect(screen.getByText(/missing some information/)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
