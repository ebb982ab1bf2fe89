import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerWorker } from './register-worker';

describe('registerWorker', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('registers /sw.js for the whole app only after the first screen’s needs have loaded, when idle', async () => {
    vi.stubEnv('PROD', true);
    const register = vi.fn(() => Promise.resolve({}));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    const idle = vi.fn((start: () => void) => start());
    vi.stubGlobal('requestIdleCallback', idle);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    let settle = () => {};
    registerWorker(new Promise<void>((resolve) => (settle = resolve)));
    await Promise.resolve();
    expect(register).not.toHaveBeenCalled(); // the API client (and so the page's load) first
    settle();
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    expect(idle).toHaveBeenCalled();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('does nothing where there are no service workers (iOS Telegram), nor in dev', async () => {
    const register = vi.fn(() => Promise.resolve({}));
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    vi.stubGlobal('requestIdleCallback', (start: () => void) => start());
    const loaded = Promise.resolve();
    registerWorker(loaded); // dev: import.meta.env.PROD is false
    vi.stubEnv('PROD', true);
    vi.stubGlobal('navigator', {});
    expect(() => registerWorker(loaded)).not.toThrow();
    // A registration either call scheduled on `loaded` would have run before this later callback.
    await loaded.finally(() => undefined);
    expect(register).not.toHaveBeenCalled();
  });
});
