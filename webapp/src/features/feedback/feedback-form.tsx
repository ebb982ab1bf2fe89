import type { Advisory, FeedbackAnswer } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SubmitForm } from '../../components/submit-form';
import { useDraft } from '../../lib/forms/draft';
import { useRefusedFix } from '../../lib/forms/fix';
import { useSave } from '../../lib/forms/save-then-hand-back';
import { useT } from '../../lib/i18n/texts';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { AdvisorySummary } from './advisory-summary';
import { answersOf, type Draft, draftOf, restoreDrafts } from './answers';
import { sendFeedback } from './calls';
import { QuestionInput } from './question-input';

/**
 * The questions and the Submit button. Each answered question is one keyed record of the press
 * (the save core, lib/outbox/save.ts), all sent at once; the server keeps one answer per user and
 * question, so sending again never duplicates. What was accepted is remembered: 'Try Again'
 * re-sends only the answers that failed (or changed), or only the hand-back when that is what
 * failed. With no signal the answers wait in the outbox (the screen says so) and sync sends
 * them; the chat is told then.
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

  const { run, busy, failed } = useSave({
    records: (answers: FeedbackAnswer[]) =>
      answers.map((answer) => {
        const body = { user: userId, feedback_question: answer.question_id, response: answer };
        return { id: String(answer.question_id), payload: body, send: (send) => sendFeedback(send, body) };
      }),
    failureText: () => t('feedback.error_adding_feedback'),
    button: t('feedback.try_again'),
    // No field of the form is the server's: its reason is said by the failure text alone.
    fieldErrors: () => [],
    onFailed: () => haptic.notify('error'),
    // Kept (the outbox, not the draft) or saved: the refused answer it replaces goes.
    onKept: () => {
      saved.drop();
      fix.done();
    },
    onSaved: fix.done,
    // Spec §4: success is sent to the bot as well as toasted; the toast comes only once the bot
    // has it, and a failed hand-back leaves 'Try Again' (which sends only the hand-back).
    handBack: async (answers) => {
      const sent = await handBack(
        { kind: 'feedback_sent', advisory_id: advisory.id, answers: answers.length },
        undefined,
        t('feedback.feedback_sent_successfully'),
      );
      if (sent) saved.drop();
      return sent;
    },
  });
  const submit = () => {
    const answers = answersOf(questions, drafts);
    if (answers.length) return run(answers);
    haptic.notify('error');
    toast.error(t('validation.please_select_atleast_one_question'));
  };

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
