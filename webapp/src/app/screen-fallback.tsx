import { Spinner } from '@telegram-apps/telegram-ui';

/** While a screen's chunk downloads (Telegram still shows its own placeholder until ready()). */
export function ScreenFallback() {
  return (
    <div className="screen-loading" aria-busy="true">
      <Spinner size="l" />
    </div>
  );
}
