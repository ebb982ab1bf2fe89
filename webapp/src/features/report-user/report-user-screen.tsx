import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: report user registration and update (issue 7), built by another engineer on this shell. */
export function ReportUserScreen() {
  const t = useT();
  return <PlaceholderScreen title={t('reportUser.title_registration')} route={'/register_report_user'} />;
}
