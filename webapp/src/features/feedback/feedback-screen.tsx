import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: advisory feedback (issue 8). */
export function FeedbackScreen() {
  const t = useT();
  return <PlaceholderScreen title={t('feedback.title')} route={'/feedback'} />;
}
