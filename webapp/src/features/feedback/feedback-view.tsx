import type { Advisory } from '@gebere/contract';
import { List } from '@telegram-apps/telegram-ui';
import { ScreenMessage } from '../../components/screen';
import { useT } from '../../lib/i18n/texts';
import { AdvisorySummary } from './advisory-summary';
import { FeedbackForm } from './feedback-form';
import './feedback.css';

/**
 * What shows once the advisory is loaded: its questions, or 'Feedback question not found for
 * this advisory' under its text. A chunk of its own, fetched beside the advisory call: the
 * screen shows only a spinner until both are here, so none of this is on the first load.
 */
export function FeedbackView({ advisory, userId }: { advisory: Advisory; userId: number }) {
  const t = useT();
  if (advisory.feedback_questions.length) return <FeedbackForm advisory={advisory} userId={userId} />;
  return (
    <List>
      <AdvisorySummary advisory={advisory} />
      <ScreenMessage text={t('feedback.feedback_question_not_found')} />
    </List>
  );
}
