import { type Feedback, type FeedbackAnswer, routes } from '@gebere/contract';
import type { FastifyInstance } from 'fastify';
import { FieldErrorSet } from '../serving/http-error';
import { type BackendEnv, serve, WithStatus } from '../serving/serve';

type QuestionRow = { type: string; choices: number[] };

/** The answer's shape must fit the question's type, and its choices must be the question's. */
function checkAnswer(question: QuestionRow, answer: FeedbackAnswer['answer'], errors: FieldErrorSet): void {
  const field = 'response.answer';
  const fits =
    (question.type === 'SELECT_MULTIPLE' && 'choice' in answer && Array.isArray(answer.choice)) ||
    (question.type === 'SELECT_ONE' && 'choice' in answer && typeof answer.choice === 'number') ||
    (question.type === 'RATING' && 'rating' in answer) ||
    (question.type === 'TEXT' && 'text' in answer);
  if (!fits) {
    errors.add(field, 'answer_type', { type: question.type });
    return;
  }
  if ('choice' in answer) {
    const allowed = new Set(question.choices.map(Number));
    for (const c of Array.isArray(answer.choice) ? answer.choice : [answer.choice])
      if (!allowed.has(c)) errors.add(`${field}.choice`, 'choice_not_of_question', { value: c });
  }
}

export function registerFeedbackRoutes(app: FastifyInstance, env: BackendEnv): void {
  /** One answer per user and question: sending again replaces it (200), a first answer is 201. */
  serve(app, env, routes.createFeedback, async ({ body, db }) => {
    const q = await db.query<QuestionRow>(
      `select q.type, coalesce((select array_agg(c.id) from feedback_choices c where c.question_id = q.id),
         '{}'::bigint[]) as choices
       from feedback_questions q where q.id = $1`,
      [body.feedback_question],
    );
    const errors = new FieldErrorSet();
    const question = q.rows[0];
    if (!question) errors.invalidPk('feedback_question', body.feedback_question);
    else checkAnswer(question, body.response.answer, errors);
    errors.throwIfAny();
    const r = await db.query<Feedback & { inserted: boolean }>(
      `insert into feedback as f (bot_user_id, question_id, response) values ($1, $2, $3::jsonb)
       on conflict (bot_user_id, question_id) do update set response = excluded.response, updated_at = now()
       returning f.id, f.bot_user_id as user, f.question_id as feedback_question, f.response,
         iso(f.created_at) as created_at, (xmax = 0) as inserted`,
      [body.user, body.feedback_question, JSON.stringify(body.response)],
    );
    const { inserted, ...row } = r.rows[0] as Feedback & { inserted: boolean };
    return new WithStatus(inserted ? 201 : 200, row);
  });
}
