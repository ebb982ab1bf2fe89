import type { ScreenName } from '@gebere/contract/screens';
import daTexts from '@gebere/i18n/locales/en/da.json';
import { normalizePhone } from '@gebere/phone';
import { Screen } from '../../components/screen';
import { describeApiError } from '../../lib/api/errors';
import { addEnglish } from '../../lib/i18n/resources-en';
import { useT } from '../../lib/i18n/texts';
import { useScreenParams } from '../../lib/navigation';
import { useDaContext } from './use-da-context';

// This screen's own English texts come with its chunk (lib/i18n/resources-en.ts).
addEnglish('da', daTexts);

/**
 * Spec §2 /da_registration and /da_update_profile (?user_id=&phone_number=&lang=&update_outbound=):
 * the DA form of §3 with the admin cascade and the server's roles. Update mode first loads the DA
 * profile of the link's phone number and prefills it; update_outbound loads what the
 * organisation's DA list has for it (`/development-agents/`: a profile, else the roster's entry),
 * prefills it and tries the update first (spec §4).
 * On success the bot user becomes VERIFIED, a `da_registered` result goes back to the chat and
 * the app closes.
 *
 * Decisions: update mode without a phone, or with no profile for it, shows a message instead of
 * an empty form (there is nothing to update). update_outbound with no profile found registers
 * directly, which is what the 404 fallback would do.
 */
export function DaRegistrationScreen({ mode }: { mode: 'register' | 'update' }) {
  const t = useT();
  const params = useScreenParams(mode === 'update' ? 'daUpdateProfile' : 'daRegistration');
  const { values } = params;
  const userId = values.user_id;
  const phoneParam = values.phone_number ?? null;
  const outbound = values.update_outbound ?? false;
  const lookupPhone = mode === 'update' || outbound ? normalizePhone(phoneParam ?? '') : null;

  const missing: string[] = [...params.missing];
  if (mode === 'update' && !lookupPhone) missing.push('phone_number');

  const { state, retry } = useDaContext(
    missing.length === 0,
    lookupPhone ? { phone: lookupPhone, from: outbound ? 'outbound' : 'profiles' } : null,
  );
  const error =
    state.status === 'error'
      ? { message: describeApiError(state.error), onRetry: retry }
      : state.status === 'ready' && mode === 'update' && !state.profile
        ? { message: t('da.profile_not_found') }
        : null;

  return (
    <Screen
      title={t(mode === 'update' ? 'da.title_update' : 'da.title_registration')}
      missing={missing}
      loading={state.status === 'loading'}
      error={error}
    >
      {state.status === 'ready' && userId && (
        <state.DaForm
          mode={mode}
          userId={userId}
          phoneParam={phoneParam}
          outbound={outbound}
          roles={state.roles}
          profile={state.profile}
        />
      )}
    </Screen>
  );
}

/** The registry's two screens this folder draws: registration and profile update. */
export default function DaRegistrationView({ screen }: { screen: ScreenName }) {
  return <DaRegistrationScreen mode={screen === 'daUpdateProfile' ? 'update' : 'register'} />;
}
