import { matchScreen, screens } from '@gebere/contract/screens';
import { Button, Spinner } from '@telegram-apps/telegram-ui';
import { Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { Screen } from '../components/screen';
import { useT } from '../lib/i18n/texts';
import { screenComponent } from './screens';

/**
 * The screen of the current path, as the contract's screen registry matches it (spec §2, and
 * aliases such as /index.html); an unknown path shows the not-found screen.
 */
export function AppRouter() {
  const [pathname] = useLocation();
  const match = matchScreen(pathname);
  const Screen = match ? screenComponent(match.name) : NotFoundScreen;
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Screen />
    </Suspense>
  );
}

/** An unknown path: a way home. */
function NotFoundScreen() {
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

/** While a screen's chunk downloads (Telegram still shows its own placeholder until ready()). */
function ScreenFallback() {
  return (
    <div className="screen-loading" aria-busy="true">
      <Spinner size="l" />
    </div>
  );
}
