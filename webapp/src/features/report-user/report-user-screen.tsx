import reportUserTexts from '@gebere/i18n/locales/en/reportUser.json';
import { useMemo } from 'react';
import { Screen } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import { actingTelegramUserId } from './acting-user';
import { useReportUserProfile } from './use-report-user-profile';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('reportUser', reportUserTexts);

/**
 * Spec §2 /register_report_user (?lang=&update=): the report user's own profile, created_by the
 * acting Telegram user. With `update` the stored profile is loaded and prefilled and the form
 * PUTs it; the result goes back to the chat as `report_user_saved` and the app closes.
 *
 * Decision: `update` for a user who has no profile yet shows the registration form (there is
 * nothing to update, and one profile per user is what the backend keeps).
 */
export function ReportUserScreen() {
  const t = useT();
  const update = useScreenParams('registerReportUser').values.update ?? false;
  const createdBy = useMemo(actingTelegramUserId, []);
  const { state, retry } = useReportUserProfile(createdBy, update);

  const profile = state.status === 'ready' ? state.profile : null;
  const updating = update && (state.status !== 'ready' || profile !== null);
  return (
    <Screen
      title={t(updating ? 'reportUser.title_update' : 'reportUser.title_registration')}
      missing={createdBy === undefined ? ['created_by'] : []}
      loading={state.status === 'loading'}
      error={state.status === 'error' ? { message: describeApiError(state.error), onRetry: retry } : null}
    >
      {state.status === 'ready' && createdBy !== undefined && (
        <state.ReportUserForm createdBy={createdBy} profile={profile} />
      )}
    </Screen>
  );
}

export { ReportUserScreen as default };
