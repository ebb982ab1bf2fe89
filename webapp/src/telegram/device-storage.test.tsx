/**
 * Telegram's DeviceStorage over the real SDK, its client a proxy like Telegram's own apps that
 * keeps the values and answers each call by its req_id (out of order, as a busy client may).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deviceStorage, deviceStorageTiming } from './device-storage';
import { initTelegram } from './init';
import { outsideTelegram, setLaunchForTests } from './launch';

type TelegramWindow = {
  TelegramWebviewProxy?: unknown;
  Telegram?: { WebView?: { receiveEvent?: (event: string, data?: unknown) => void } };
};

const client = { values: new Map<string, string>(), answering: true, failNext: '', asked: 0 };
const answer = (event: string, data: unknown, delay: number) =>
  setTimeout(() => (window as TelegramWindow).Telegram?.WebView?.receiveEvent?.(event, data), delay);

function launch(version: string) {
  const hash = new URLSearchParams({
    tgWebAppData: new URLSearchParams({
      user: JSON.stringify({ id: 7 }),
      auth_date: '1',
      hash: 'h',
    }).toString(),
    tgWebAppPlatform: 'android',
    tgWebAppVersion: version,
    tgWebAppThemeParams: '{}',
  });
  window.history.replaceState(null, '', `/#${hash}`);
  setLaunchForTests(undefined);
}

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  (window as TelegramWindow).TelegramWebviewProxy = {
    postEvent(event: string, raw?: string) {
      if (!event.startsWith('web_app_device_storage')) return;
      client.asked++;
      if (!client.answering) return;
      const p = JSON.parse(raw ?? '{}') as { req_id: string; key: string; value?: string | null };
      // Later calls answered first: the req_id, not the order, says whose answer it is.
      const delay = Math.max(1, 30 - client.asked * 5);
      if (client.failNext) {
        answer('device_storage_failed', { req_id: p.req_id, error: client.failNext }, delay);
        client.failNext = '';
      } else if (event === 'web_app_device_storage_save_key') {
        if (p.value === null) client.values.delete(p.key);
        else client.values.set(p.key, String(p.value));
        answer('device_storage_key_saved', { req_id: p.req_id }, delay);
      } else
        answer(
          'device_storage_key_received',
          { req_id: p.req_id, value: client.values.get(p.key) ?? null },
          delay,
        );
    },
  };
  launch('9.0');
  initTelegram();
});
afterAll(() => {
  delete (window as TelegramWindow).TelegramWebviewProxy;
  vi.restoreAllMocks();
});

describe('DeviceStorage', () => {
  it('is not offered before Mini Apps 9.0, nor outside Telegram', () => {
    launch('8.0');
    expect(deviceStorage()).toBeNull();
    setLaunchForTests({ ...outsideTelegram, version: '9.0' });
    expect(deviceStorage()).toBeNull();
    launch('9.0');
    expect(deviceStorage()).not.toBeNull();
  });

  it('saves, reads and removes keys, each call matched to its own answer', async () => {
    const storage = deviceStorage();
    await Promise.all([storage?.set('a', 'one'), storage?.set('b', 'two')]);
    const [a, b, none] = await Promise.all([storage?.get('a'), storage?.get('b'), storage?.get('c')]);
    expect([a, b, none]).toEqual(['one', 'two', null]);
    await storage?.set('a', null);
    expect(await storage?.get('a')).toBeNull();
  });

  it('rejects a call the client refuses, and stops asking a client that does not answer', async () => {
    const storage = deviceStorage();
    client.failNext = 'QUOTA_EXCEEDED';
    await expect(storage?.set('big', 'x')).rejects.toThrow('QUOTA_EXCEEDED');
    expect(await storage?.get('b')).toBe('two');

    deviceStorageTiming.timeoutMs = 50;
    client.answering = false;
    await expect(storage?.get('b')).rejects.toThrow();
    const asked = client.asked;
    await expect(storage?.set('b', 'three')).rejects.toThrow();
    expect(client.asked).toBe(asked);
  });
});
