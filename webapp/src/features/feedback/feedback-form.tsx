import type { Advisory, FeedbackAnswer } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SubmitForm } from '../../components/submit-form';
import { type KeySlot, memorySlot } from '../../lib/api/idempotent-call';
import { useDraft } from '../../lib/forms/draft';
import { useRefusedFix } from '../../lib/forms/fix';
import { useSave } from '../../lib/forms/save';
import { useT } from '../../lib/i18n/texts';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { AdvisorySummary } from './advisory-summary';
import { answerKey, answersOf, type Draft, draftOf, restoreDrafts } from './answers';
import { QuestionInput } from './question-input';

/**
 * The questions and the Submit button. Each answered question is one POST, all in parallel;
 * the server keeps one answer per user and question, so sending again never duplicates: a lost
 * answer or a 5xx is retried at once, like every keyed write (the one save, lib/forms/save.ts).
 * What was accepted is remembered: 'Try Again' re-sends only the answers that failed (or
 * changed), or only the hand-back when that is what failed. With no signal the answers wait in
 * the outbox (the screen says so) and sync sends them; the chat is told then.
 */
export function FeedbackForm({ advisory, userId }: { advisory: Advisory; userId: number }) {
  const t = useT();
  const questions = advisory.feedback_questions;
  // The answers survive a reload or a closed app, until they are sent.
  const saved = useDraft<{ answers: Record<number, Draft> }>({
    screen: 'feedback',
    params: { advisory: advisory.id, userId },
    base: { answers: {} },
    restore: (_, raw) => ({ answers: restoreDrafts(questions, raw.answers) }),
  });
  const [drafts, setDrafts] = useState<Record<number, Draft>>(saved.initial.answers);
  useEffect(() => saved.keep({ answers: drafts }), [saved, drafts]);
  // Opened to fix an answer the server refused on sync: it is back on its question.
  const fix = useRefusedFix((input) => {
    const response = (input.body as { response?: FeedbackAnswer } | undefined)?.response;
    const draft = draftOf(response?.answer);
    if (response && draft !== undefined) setDrafts((d) => ({ ...d, [response.question_id]: draft }));
  });
  const [failed, setFailed] = useState(false);
  // question id → the answer the server accepted (or the outbox kept) for it
  const accepted = useRef(new Map<number, string>());
  // question id → its answer's Idempotency-Key, kept while the answer stays the same
  const slots = useRef(new Map<number, KeySlot>());
  const slotOf = (id: number) => slots.current.get(id) ?? slots.current.set(id, memorySlot()).get(id);

  // The one save (lib/forms/save.ts): one keyed record per answer not yet accepted, one batch.
  const { run, busy, save } = useSave<FeedbackAnswer[], unknown>({
    records: (answers) =>
      answers
        .filter((a) => accepted.current.get(a.question_id) !== answerKey(a))
        .map((answer) => {
          const body = { user: userId, feedback_question: answer.question_id, response: answer };
          return {
            payload: body,
            slot: slotOf(answer.question_id) as KeySlot,
            send: (send) => send('createFeedback', { body }),
            done: () => accepted.current.set(answer.question_id, answerKey(answer)),
          };
        }),
    failureText: () => t('feedback.error_adding_feedback'),
    button: t('feedback.try_again'),
    fieldErrors: () => [],
    onFailed: () => {
      setFailed(true);
      haptic.notify('error');
    },
    // No answer (no signal, or a 5xx): kept on the phone (the outbox, not the draft).
    onKept: () => {
      setFailed(false);
      saved.drop();
      fix.done();
    },
    onSaved: fix.done, // every answer saved: the refused one it replaces goes
    // Spec §4: success is sent to the bot as well as toasted; the toast comes only once the bot
    // has it, and a failed hand-back leaves 'Try Again' (which sends only the hand-back).
    handBack: async () => {
      const sent = await handBack(
        { kind: 'feedback_sent', advisory_id: advisory.id, answers: answersOf(questions, drafts).length },
        undefined,
        t('feedback.feedback_sent_successfully'),
      );
      setFailed(!sent);
      if (sent) saved.drop();
      return sent;
    },
  });
  const submit = () =>
    run(async () => {
      const answers = answersOf(questions, drafts);
      if (answers.length) return save(answers);
      haptic.notify('error');
      toast.error(t('validation.please_select_atleast_one_question'));
    });

  return (
    <SubmitForm onSubmit={submit}>
      <List>
        <AdvisorySummary advisory={advisory} />
        {questions.map((q, i) => (
          <QuestionInput
            key={q.id}
            question={q}
            number={i + 1}
            draft={drafts[q.id]}
            disabled={busy}
            onChange={(draft) => setDrafts((d) => ({ ...d, [q.id]: draft }))}
          />
        ))}
      </List>
      <MainButtonSubmit
        text={failed ? t('feedback.try_again') : t('feedback.submit')}
        onClick={() => void submit()}
        loading={busy}
      />
    </SubmitForm>
  );
}
