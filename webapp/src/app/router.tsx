import { matchScreen } from '@gebere/contract/screens';
import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { NotFoundScreen } from './not-found-screen';
import { ScreenFallback } from './screen-fallback';
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
