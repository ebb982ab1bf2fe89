import type { Advisory } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { useRef, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SubmitForm } from '../../components/submit-form';
import { useT } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useBusy } from '../../lib/use-busy';
import { handBack, haptic } from '../../telegram';
import { AdvisorySummary } from './advisory-summary';
import { answerKey, answersOf, type Draft } from './answers';
import { sendFeedback } from './calls';
import { QuestionInput } from './question-input';

/**
 * The questions and the Submit button. Each answered question is one POST, all in parallel;
 * the server keeps one answer per user and question, so sending again never duplicates. What
 * was accepted is remembered: 'Try Again' re-sends only the answers that failed (or changed).
 */
export function FeedbackForm({ advisory, userId }: { advisory: Advisory; userId: number }) {
  const t = useT();
  const questions = advisory.feedback_questions;
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [failed, setFailed] = useState(false);
  // question id → the answer the server accepted for it
  const accepted = useRef(new Map<number, string>());

  const submit = async () => {
    const answers = answersOf(questions, drafts);
    if (!answers.length) {
      haptic.notify('error');
      toast.error(t('validation.please_select_atleast_one_question'));
      return;
    }
    const pending = answers.filter((a) => accepted.current.get(a.question_id) !== answerKey(a));
    const results = await Promise.all(
      pending.map(async (answer) => ({
        answer,
        result: await sendFeedback({ user: userId, feedback_question: answer.question_id, response: answer }),
      })),
    );
    for (const { answer, result } of results)
      if (result.ok) accepted.current.set(answer.question_id, answerKey(answer));
    if (results.some((r) => !r.result.ok)) {
      setFailed(true);
      haptic.notify('error');
      toast.error(t('feedback.error_adding_feedback'));
      return;
    }
    setFailed(false);
    // A second press after a failed hand-back sends nothing: no second success toast.
    if (pending.length) toast.success(t('feedback.feedback_sent_successfully'));
    await handBack({ kind: 'feedback_sent', advisory_id: advisory.id, answers: answers.length });
  };
  const { run, busy } = useBusy(submit);

  return (
    <SubmitForm onSubmit={run}>
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
        onClick={() => void run()}
        loading={busy}
      />
    </SubmitForm>
  );
}
