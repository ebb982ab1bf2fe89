import { newIdempotencyKey } from '@gebere/api-client/idempotency-key';
import type { Advisory, FeedbackAnswer } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { useEffect, useRef, useState } from 'react';
import { MainButtonSubmit } from '../../components/main-button-submit';
import { SubmitForm } from '../../components/submit-form';
import { noAnswer, withRefusal } from '../../lib/api/errors';
import { forgetKey, type KeySlot, keyFor, memorySlot, withRetries } from '../../lib/api/idempotent-call';
import { useDraft } from '../../lib/forms/draft';
import { useRefusedFix } from '../../lib/forms/fix';
import { useBusy } from '../../lib/forms/use-busy';
import { useT } from '../../lib/i18n/texts';
import { loadOutbox } from '../../lib/outbox/load';
import { toast } from '../../lib/ui/toast';
import { handBack, haptic } from '../../telegram';
import { AdvisorySummary } from './advisory-summary';
import { answerKey, answersOf, type Draft, draftOf, restoreDrafts } from './answers';
import { sendFeedback } from './calls';
import { QuestionInput } from './question-input';

/**
 * The questions and the Submit button. Each answered question is one POST, all in parallel;
 * the server keeps one answer per user and question, so sending again never duplicates: a lost
 * answer or a 5xx is retried at once (withRetries), like the keyed writes. What was accepted is
 * remembered: 'Try Again' re-sends only the answers that failed (or changed), or only the
 * hand-back when that is what failed. Each answer is keyed and kept in the outbox first: with no
 * signal it waits there (the screen says so) and sync sends it; the chat is told then.
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
  // question id → the answer the server accepted for it
  const accepted = useRef(new Map<number, string>());
  // question id → its answer's Idempotency-Key, kept while the answer stays the same
  const slots = useRef(new Map<number, KeySlot>());

  const submit = async () => {
    const answers = answersOf(questions, drafts);
    if (!answers.length) {
      haptic.notify('error');
      toast.error(t('validation.please_select_atleast_one_question'));
      return;
    }
    const pending = answers.filter((a) => accepted.current.get(a.question_id) !== answerKey(a));
    // Each answer kept in the outbox first (lib/outbox), one outbox batch per press.
    const outbox = await loadOutbox().catch(() => null);
    const batch = newIdempotencyKey();
    const results = await Promise.all(
      pending.map(async (answer) => {
        const body = { user: userId, feedback_question: answer.question_id, response: answer };
        const slot = slots.current.get(answer.question_id) ?? memorySlot();
        slots.current.set(answer.question_id, slot);
        const key = keyFor(slot, body);
        const send = () => withRetries(() => sendFeedback(body, key));
        const sent = outbox
          ? await outbox.sendThrough({ key, route: 'createFeedback', input: { body }, batch }, send)
          : { result: await send(), queued: false };
        return { answer, slot, ...sent };
      }),
    );
    for (const { answer, result, queued, slot } of results)
      if (result.ok || queued) {
        accepted.current.set(answer.question_id, answerKey(answer));
        forgetKey(slot);
      }
    const errors = results.flatMap((r) => (r.result.ok || r.queued ? [] : [r.result.error]));
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
    const queued = results.filter((r) => r.queued);
    if (queued.length) {
      // No answer (no signal, or a 5xx): kept on the phone (the outbox, not the draft); the chat
      // hears of it at sync. The toast says which it was.
      setFailed(false);
      saved.drop();
      fix.done();
      const error = queued
        .map((r) => (r.result.ok ? undefined : r.result.error))
        .find((e) => e?.kind === 'http');
      void loadOutbox().then((m) =>
        m.toastKept(
          { batch },
          undefined,
          error ? { error, failure: t('feedback.error_adding_feedback'), count: queued.length } : {},
        ),
      );
      return;
    }
    fix.done(); // every answer saved: the refused one it replaces goes
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
