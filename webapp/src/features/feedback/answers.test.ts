import type { FeedbackQuestion } from '@gebere/contract';
import { feedbackAnswer } from '@gebere/contract';
import { describe, expect, it } from 'vitest';
import { answerOf, answersOf, draftOf } from './answers';

const q = (id: number, type: FeedbackQuestion['type'], choices: number[] = []): FeedbackQuestion => ({
  id,
  question: `Q${id}`,
  type,
  choices: choices.map((c) => ({ id: c, name: `C${c}` })),
});

describe('answerOf (spec §3 answer objects)', () => {
  it('SELECT_MULTIPLE: an array of the chosen ids, in the question’s order, offered ones only', () => {
    expect(answerOf(q(1, 'SELECT_MULTIPLE', [4, 5, 6]), [6, 4, 99])).toEqual({
      question_id: 1,
      answer: { choice: [4, 6] },
    });
    expect(answerOf(q(1, 'SELECT_MULTIPLE', [4]), [])).toBeNull();
    expect(answerOf(q(1, 'SELECT_MULTIPLE', [4]), [99])).toBeNull();
  });

  it('SELECT_ONE: one id', () => {
    expect(answerOf(q(2, 'SELECT_ONE', [7, 8]), 8)).toEqual({ question_id: 2, answer: { choice: 8 } });
    expect(answerOf(q(2, 'SELECT_ONE', [7, 8]), undefined)).toBeNull();
    expect(answerOf(q(2, 'SELECT_ONE', [7, 8]), 9)).toBeNull();
  });

  it('RATING: whole stars 1–5; none is unanswered', () => {
    expect(answerOf(q(3, 'RATING'), 5)).toEqual({ question_id: 3, answer: { rating: 5 } });
    for (const bad of [0, 6, 2.5, undefined]) expect(answerOf(q(3, 'RATING'), bad)).toBeNull();
  });

  it('TEXT: trimmed; only spaces is unanswered', () => {
    expect(answerOf(q(4, 'TEXT'), '  ok ')).toEqual({ question_id: 4, answer: { text: 'ok' } });
    expect(answerOf(q(4, 'TEXT'), ' \n ')).toBeNull();
  });

  it('every answer it builds is valid for the contract', () => {
    const questions = [
      q(1, 'SELECT_MULTIPLE', [4, 5]),
      q(2, 'SELECT_ONE', [7]),
      q(3, 'RATING'),
      q(4, 'TEXT'),
    ];
    const answers = answersOf(questions, { 1: [5], 2: 7, 3: 1, 4: 'x' });
    expect(answers).toHaveLength(4);
    for (const a of answers) expect(feedbackAnswer.safeParse(a).success).toBe(true);
  });
});

describe('draftOf (a refused answer back on its question)', () => {
  it('is the input value each answer was made of', () => {
    const cases: [FeedbackQuestion, number[] | number | string][] = [
      [q(1, 'SELECT_MULTIPLE', [4, 5]), [4, 5]],
      [q(2, 'SELECT_ONE', [7]), 7],
      [q(3, 'RATING'), 4],
      [q(4, 'TEXT'), 'Good rain this year'],
    ];
    for (const [question, draft] of cases) expect(draftOf(answerOf(question, draft)?.answer)).toEqual(draft);
    expect(draftOf(undefined)).toBeUndefined();
  });
});
