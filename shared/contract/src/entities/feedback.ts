import { z } from 'zod';
import { bodyId, id, longText } from '../common';
import { feedbackType, LIMITS } from '../enums';

export const feedbackChoice = z.object({ id, name: z.string() });
export const feedbackQuestion = z.object({
  id,
  question: z.string(),
  type: feedbackType,
  choices: z.array(feedbackChoice),
});
export type FeedbackQuestion = z.infer<typeof feedbackQuestion>;

/** Spec §3: `choice` is an array for SELECT_MULTIPLE and one id for SELECT_ONE. */
export const feedbackAnswerValue = z.union([
  z.object({ choice: z.array(bodyId).min(1) }).strict(),
  z.object({ choice: bodyId }).strict(),
  z.object({ rating: z.number().int().min(1).max(LIMITS.ratingStars) }).strict(),
  z.object({ text: longText(LIMITS.longTextMax) }).strict(),
]);
export const feedbackAnswer = z.object({ question_id: bodyId, answer: feedbackAnswerValue }).strict();
export type FeedbackAnswer = z.infer<typeof feedbackAnswer>;

/**
 * POST /api/feedback/ (spec: user, response, feedback_question): one answered question per call,
 * `response` being that question's answer. Re-sending the same user+question replaces the answer,
 * so a retried request never makes a duplicate.
 */
export const feedbackPayload = z
  .object({ user: bodyId, feedback_question: bodyId, response: feedbackAnswer })
  .strict()
  .refine((f) => f.response.question_id === f.feedback_question, {
    path: ['response'],
    message: 'response.question_id must equal feedback_question',
  });
export type FeedbackPayload = z.infer<typeof feedbackPayload>;

export const feedback = z.object({
  id,
  user: id,
  feedback_question: id,
  response: feedbackAnswer,
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedback>;
