import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: DA registration and update (issue 7), built by another engineer on this shell. */
export function DaRegistrationScreen({ mode }: { mode: 'register' | 'update' }) {
  const t = useT();
  return (
    <PlaceholderScreen
      title={t(mode === 'update' ? 'da.title_update' : 'da.title_registration')}
      route={mode === 'update' ? '/da_update_profile' : '/da_registration'}
    />
  );
}
