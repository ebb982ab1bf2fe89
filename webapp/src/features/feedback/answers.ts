import type { FeedbackAnswer, FeedbackQuestion } from '@gebere/contract';
import { LIMITS } from '@gebere/contract/rules';

/**
 * What the inputs hold, by question id: chosen choice ids (SELECT_MULTIPLE), one choice id
 * (SELECT_ONE), stars 1–5 (RATING, 0 = none) or the typed text (TEXT).
 */
export type Draft = number[] | number | string;
export type Drafts = Readonly<Record<number, Draft | undefined>>;

/**
 * The answer object of spec §3 for one question, or null when it is unanswered (nothing
 * chosen, no stars, only spaces): empty answers are skipped, never sent.
 */
export function answerOf(question: FeedbackQuestion, draft: Draft | undefined): FeedbackAnswer | null {
  const question_id = question.id;
  switch (question.type) {
    case 'SELECT_MULTIPLE': {
      // Keep the question's own order and drop ids it does not offer (a stale draft).
      const chosen = Array.isArray(draft)
        ? question.choices.map((c) => c.id).filter((id) => draft.includes(id))
        : [];
      return chosen.length ? { question_id, answer: { choice: chosen } } : null;
    }
    case 'SELECT_ONE':
      return typeof draft === 'number' && question.choices.some((c) => c.id === draft)
        ? { question_id, answer: { choice: draft } }
        : null;
    case 'RATING':
      return typeof draft === 'number' && Number.isInteger(draft) && draft >= 1 && draft <= LIMITS.ratingStars
        ? { question_id, answer: { rating: draft } }
        : null;
    case 'TEXT': {
      const text = typeof draft === 'string' ? draft.trim() : '';
      return text ? { question_id, answer: { text } } : null;
    }
  }
}

/** Every answered question's answer, in question order. */
export function answersOf(questions: readonly FeedbackQuestion[], drafts: Drafts): FeedbackAnswer[] {
  return questions.map((q) => answerOf(q, drafts[q.id])).filter((a): a is FeedbackAnswer => a !== null);
}

/** A stable key of an answer, to tell whether what was sent is still what the form says. */
export const answerKey = (answer: FeedbackAnswer) => JSON.stringify(answer.answer);

/**
 * The answers of a stored draft (read back from storage) that fit this advisory's questions:
 * a list of choice ids, a choice id or stars, or a text.
 */
export function restoreDrafts(questions: readonly FeedbackQuestion[], raw: unknown): Record<number, Draft> {
  const out: Record<number, Draft> = {};
  if (!raw || typeof raw !== 'object') return out;
  const stored = raw as Record<string, unknown>;
  for (const { id } of questions) {
    const value = stored[id];
    if (typeof value === 'string') out[id] = value.slice(0, 4000);
    else if (typeof value === 'number' && Number.isFinite(value)) out[id] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === 'number')) out[id] = value;
  }
  return out;
}

/** The input's value for a sent answer (a refused one, opened again to fix it): the inverse of {@link answerOf}. */
export function draftOf(answer: FeedbackAnswer['answer'] | undefined): Draft | undefined {
  if (!answer) return undefined;
  if ('choice' in answer) return answer.choice;
  if ('rating' in answer) return answer.rating;
  if ('text' in answer) return answer.text;
  return undefined;
}
