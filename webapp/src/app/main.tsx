// First: the launch screen's early GET (early.ts; in the build it is already running).
import './early';
import '@telegram-apps/telegram-ui/dist/styles.css';
import { LANG_PARAM } from '@gebere/contract/screens';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchApi } from '../lib/api/lazy-client';
import { initI18n, pickLanguage } from '../lib/i18n/texts';
import { captureInitialUrl, checkProof } from '../lib/launch/proof';
import { afterLoadWhenIdle } from '../lib/loading';
import { loadOutbox, outboxWiring } from '../lib/outbox/load';
import { initTelegram, tellChat } from '../telegram';
import { App } from './app';
import { registerWorker } from './register-worker';
import { preloadScreen } from './screens';
import './shell-kit';

async function bootstrap(): Promise<void> {
  captureInitialUrl();
  if (import.meta.env.DEV) {
    // Dev only (and tree-shaken from the build): pretend to be Telegram in a plain browser.
    const { installDevMock } = await import('../telegram/dev-mock');
    installDevMock();
  }
  const launch = initTelegram();
  checkProof();
  // The outbox's mirror in Telegram's DeviceStorage, where the client offers it (loaded with the
  // outbox, after the first paint; wired before anything can be kept).
  outboxWiring.deviceStorage = () => import('../telegram/device-storage').then((m) => m.deviceStorage());
  // The screen's chunk and the language download in parallel (its first request is already
  // under way: early.ts).
  const screen = preloadScreen(window.location.pathname);
  await initI18n(
    pickLanguage(new URLSearchParams(window.location.search).get(LANG_PARAM), launch.languageCode),
  );
  // The server preloads the launch screen's chunk with the document, so it is normally here:
  // waiting for it lets the first render show the screen rather than a fallback that React keeps
  // for at least 300 ms (screens.ts). Telegram shows its own placeholder until then.
  await screen;

  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerWorker(prefetchApi());
  // The outbox (IndexedDB, sync) after the first paint: sync at every open and when the signal returns.
  afterLoadWhenIdle(() => void loadOutbox().then((outbox) => outbox.startOutbox({ tell: tellChat })));
}

void bootstrap();
