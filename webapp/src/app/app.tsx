import { AppRoot } from '@telegram-apps/telegram-ui';
import { useLocation, useSearch } from 'wouter';
import { ConfirmHost } from '../components/confirm-dialog';
import { Toaster } from '../components/toaster';
import { historyDepth } from '../lib/navigation';
import { uiPlatform, useAppearance, useBackButton } from '../telegram';
import { ErrorBoundary } from './error-boundary';
import { AppRouter } from './router';

function InAppBackButton() {
  // Re-render on navigation to re-read the depth: a new path, or only a new query (My farmers'
  // list to a farmer's page).
  useLocation();
  useSearch();
  useBackButton(historyDepth() > 0 ? () => window.history.back() : null);
  return null;
}

/**
 * Providers: telegram-ui's AppRoot in Telegram's light or dark theme, toasts, the in-page
 * confirm dialog, Telegram's back button for in-app navigation, and the router. i18n is
 * initialised before this renders (main.tsx).
 */
export function App() {
  const appearance = useAppearance();
  return (
    <AppRoot appearance={appearance} platform={uiPlatform()} className="gebere-root">
      <ErrorBoundary>
        <AppRouter />
      </ErrorBoundary>
      <InAppBackButton />
      <Toaster />
      <ConfirmHost />
    </AppRoot>
  );
}
