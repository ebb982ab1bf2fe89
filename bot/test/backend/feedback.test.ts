import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';

type Q = { id: number; type: string; choices: number[] };

describeOnDatabases('feedback (%s)', (kind) => {
  let t: TestBackend;
  const byType: Record<string, Q> = {};
  beforeAll(async () => {
    t = await startBackend(kind);
    const r = await t.db.query<Q>(
      `select distinct on (q.type) q.id, q.type,
         coalesce((select array_agg(c.id order by c.id) from feedback_choices c where c.question_id = q.id), '{}') as choices
       from feedback_questions q order by q.type, q.id`,
    );
    for (const q of r.rows) byType[q.type] = { ...q, choices: q.choices.map(Number) };
  });
  afterAll(() => t?.close());

  const send = (
    user: { botUserId: number; headers: Record<string, string> },
    q: Q,
    answer: unknown,
    headers = user.headers,
  ) =>
    t.call('POST', '/api/feedback/', {
      headers,
      body: { user: user.botUserId, feedback_question: q.id, response: { question_id: q.id, answer } },
    });

  it('stores one answer per question type; sending again replaces it', async () => {
    const user = await t.fx.user();
    const one = byType.SELECT_ONE as Q;
    const many = byType.SELECT_MULTIPLE as Q;
    const first = await send(user, one, { choice: one.choices[0] });
    expect(first).toMatchObject({
      status: 201,
      body: {
        user: user.botUserId,
        feedback_question: one.id,
        response: { answer: { choice: one.choices[0] } },
      },
    });
    const again = await send(user, one, { choice: one.choices[1] });
    expect(again).toMatchObject({
      status: 200,
      body: { id: first.body.id, response: { answer: { choice: one.choices[1] } } },
    });
    expect((await send(user, many, { choice: many.choices.slice(0, 2) })).status).toBe(201);
    expect((await send(user, byType.RATING as Q, { rating: 4 })).status).toBe(201);
    const text = "<script>alert(1)</script> ጥሩ ነው '); delete from feedback; --";
    const saved = await send(user, byType.TEXT as Q, { text });
    expect(saved.body.response.answer.text).toBe(text);
  });

  it('rejects answers that do not fit the question', async () => {
    const user = await t.fx.user();
    const one = byType.SELECT_ONE as Q;
    expect((await send(user, one, { rating: 3 })).body).toEqual({
      'response.answer': ['This answer does not fit a SELECT_ONE question.'],
    });
    expect((await send(user, one, { choice: 99_999_999 })).body).toEqual({
      'response.answer.choice': ['Choice 99999999 is not an option of this question.'],
    });
    expect((await send(user, byType.RATING as Q, { rating: 6 })).body).toEqual({
      'response.answer.rating': ['Ensure this value is less than or equal to 5.'],
    });
    expect((await send(user, byType.TEXT as Q, { text: '   ' })).body).toEqual({
      'response.answer.text': ['Required'],
    });
    const mismatch = await t.call('POST', '/api/feedback/', {
      headers: user.headers,
      body: {
        user: user.botUserId,
        feedback_question: one.id,
        response: { question_id: one.id + 1, answer: { rating: 1 } },
      },
    });
    expect(mismatch.body).toEqual({ response: ['response.question_id must equal feedback_question'] });
    const unknown = await t.call('POST', '/api/feedback/', {
      headers: user.headers,
      body: {
        user: user.botUserId,
        feedback_question: 99_999_999,
        response: { question_id: 99_999_999, answer: { rating: 1 } },
      },
    });
    expect(unknown.body).toEqual({ feedback_question: ['Invalid pk "99999999" - object does not exist.'] });
  });

  it('answers only as oneself', async () => {
    const user = await t.fx.user();
    const other = await t.fx.user();
    const q = byType.RATING as Q;
    expect((await send(user, q, { rating: 2 }, other.headers)).status).toBe(403);
    expect((await send(user, q, { rating: 2 }, {})).status).toBe(401);
    expect((await send(user, q, { rating: 2 }, proof.service())).status).toBe(201);
    const link = proof.link(user.telegramId, '/feedback', {
      chat_id: user.telegramId,
      user_id: user.botUserId,
      advisory_id: 1,
    });
    expect((await send(user, q, { rating: 3 }, link)).status).toBe(200);
  });
});
