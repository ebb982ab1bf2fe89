import type { Advisory } from '@gebere/contract';
import feedbackTexts from '@gebere/i18n/locales/en/feedback.json';
import type { ComponentType } from 'react';
import { Screen } from '../../components/screen';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useLoad } from '../../lib/loading';
import { useScreenParams } from '../../lib/navigation';
import { loadAdvisory } from './calls';
import type { FeedbackView } from './feedback-view';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('feedback', feedbackTexts);

type View = ComponentType<Parameters<typeof FeedbackView>[0]>;
type Load =
  | { status: 'loading' }
  | { status: 'ready'; advisory: Advisory; View: View }
  | { status: 'not_found' | 'error' };

/** The questions' code (inputs, stars, styles) comes in parallel with the advisory. */
const loadView = () => import('./feedback-view').then((m) => m.FeedbackView);

function useAdvisory(id: number | undefined) {
  return useLoad<Load>(
    id
      ? async () => {
          const [r, View] = await Promise.all([loadAdvisory(id), loadView().catch(() => null)]);
          if (!r.ok) return { status: r.reason };
          // A chunk that failed to download (weak signal) is an error to retry, like a failed call.
          return View ? { status: 'ready', advisory: r.advisory, View } : { status: 'error' };
        }
      : undefined,
    [id],
  );
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
  const { values: ids, missing } = useScreenParams('feedback');
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
      {state.status === 'ready' && ids.user_id && (
        <state.View advisory={state.advisory} userId={ids.user_id} />
      )}
    </Screen>
  );
}

export { FeedbackScreen as default };
