import { PlaceholderScreen } from '../../components/placeholder-screen';
import { useT } from '../../lib/i18n';

/** PLACEHOLDER: register farmer (issue 7), built by another engineer on this shell. Toasts here: placement 'top-right', duration TOAST_MS_FARMER. */
export function FarmerRegistrationScreen() {
  const t = useT();
  return <PlaceholderScreen title={t('farmer.title')} route={'/farmer_registration'} />;
}
