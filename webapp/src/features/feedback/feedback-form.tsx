import type { Advisory } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SubmitForm } from '../../components/submit-form';
import { noAnswer, withRefusal } from '../../lib/api/errors';
import { withRetries } from '../../lib/api/idempotent-call';
import { useDraft } from '../../lib/forms/draft';
import { useBusy } from '../../lib/forms/use-busy';
import { useT } from '../../lib/i18n/texts';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { AdvisorySummary } from './advisory-summary';
import { answerKey, answersOf, type Draft, restoreDrafts } from './answers';
import { sendFeedback } from './calls';
import { QuestionInput } from './question-input';

/**
 * The questions and the Submit button. Each answered question is one POST, all in parallel;
 * the server keeps one answer per user and question, so sending again never duplicates: a lost
 * answer or a 5xx is retried at once (withRetries), like the keyed writes. What was accepted is
 * remembered: 'Try Again' re-sends only the answers that failed (or changed), or only the
 * hand-back when that is what failed.
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
        result: await withRetries(() =>
          sendFeedback({ user: userId, feedback_question: answer.question_id, response: answer }),
        ),
      })),
    );
    for (const { answer, result } of results)
      if (result.ok) accepted.current.set(answer.question_id, answerKey(answer));
    const errors = results.flatMap((r) => (r.result.ok ? [] : [r.result.error]));
    if (errors.length) {
      setFailed(true);
      haptic.notify('error');
      // Only unanswered sends: they may have been saved, so 'Error adding' would be a guess.
      const refused = errors.find((e) => !noAnswer(e));
      toast.error(
        refused
          ? withRefusal(t('feedback.error_adding_feedback'), refused)
          : t('errors.not_confirmed_kept', { button: t('feedback.try_again') }),
      );
      return;
    }
    // Spec §4: success is sent to the bot as well as toasted; the toast comes only once the bot
    // has it, and a failed hand-back leaves 'Try Again' (which sends only the hand-back).
    const sent = await handBack(
      { kind: 'feedback_sent', advisory_id: advisory.id, answers: answers.length },
      undefined,
      t('feedback.feedback_sent_successfully'),
    );
    setFailed(!sent);
    if (sent) saved.drop();
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
