import type { Advisory } from '@gebere/contract';
import { List, Placeholder } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { Screen } from '../../components/screen';
import { useT } from '../../lib/i18n';
import { useIdParams } from '../../lib/use-query-params';
import { AdvisorySummary } from './advisory-summary';
import { loadAdvisory } from './calls';
import { FeedbackForm } from './feedback-form';
import './feedback.css';

type Load =
  | { status: 'loading' }
  | { status: 'ready'; advisory: Advisory }
  | { status: 'not_found' | 'error' };

function useAdvisory(id: number | undefined) {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ status: 'loading' });
    void loadAdvisory(id).then((r) => {
      if (!live) return;
      setState(r.ok ? { status: 'ready', advisory: r.advisory } : { status: r.reason });
    });
    return () => {
      live = false;
    };
    // attempt: Try Again re-runs the load
  }, [id, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

/**
 * Spec §2 /feedback?chat_id=&user_id=&advisory_id=: the advisory's feedback questions, one
 * input per type; at least one answered; each answer sent as its own feedback record, then
 * 'Feedback sent successfully' is toasted and a `feedback_sent` result goes to the bot.
 * `user_id` is the bot user giving the feedback; `chat_id` is not needed here, the hand-back
 * finds the chat from the launch.
 */
export function FeedbackScreen() {
  const t = useT();
  const { ids, missing } = useIdParams('user_id', 'advisory_id');
  const { state, retry } = useAdvisory(missing.length ? undefined : ids.advisory_id);

  const error =
    state.status === 'not_found'
      ? { message: t('feedback.advisory_not_found') }
      : state.status === 'error'
        ? {
            message: t('feedback.error_fetching_questions'),
            onRetry: retry,
            retryText: t('feedback.try_again'),
          }
        : null;

  return (
    <Screen title={t('feedback.title')} missing={missing} loading={state.status === 'loading'} error={error}>
      {state.status === 'ready' &&
        ids.user_id &&
        (state.advisory.feedback_questions.length ? (
          <FeedbackForm advisory={state.advisory} userId={ids.user_id} />
        ) : (
          <List>
            <AdvisorySummary advisory={state.advisory} />
            <Placeholder className="screen-message" description={t('feedback.feedback_question_not_found')} />
          </List>
        ))}
    </Screen>
  );
}
