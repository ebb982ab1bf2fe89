import { screens } from '@gebere/contract/screens';
import { Button } from '@telegram-apps/telegram-ui';
import { Link } from 'wouter';
import { Screen } from '../components/screen';
import { useT } from '../lib/i18n/texts';

export function NotFoundScreen() {
  const t = useT();
  return (
    <Screen title={t('errors.not_found')} needsProof={false}>
      <div className="screen-actions">
        <Link href={screens.home.path} asChild>
          <Button mode="bezeled" size="m" Component="a">
            {t('home.title')}
          </Button>
        </Link>
      </div>
    </Screen>
  );
}
