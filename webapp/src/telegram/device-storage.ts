import { createRequestId, type EventName, request, supports } from '@telegram-apps/sdk-react';
import type { DeviceKeyValue } from '../lib/outbox/load';
import { getLaunch } from './launch';

/**
 * Telegram's DeviceStorage (Bot API 9.0: the client keeps up to 5 MB per bot and user on the
 * device, outside the WebView's storage), for the outbox's mirror (lib/outbox/mirror.ts).
 * @telegram-apps/sdk-react 3.3.9 has no component for it, but its bridge knows the protocol:
 * `web_app_device_storage_save_key` {req_id, key, value|null} answered by
 * `device_storage_key_saved` {req_id}, `web_app_device_storage_get_key` {req_id, key} answered
 * by `device_storage_key_received` {req_id, value|null}, either failing with
 * `device_storage_failed` {req_id, error}. Each call waits for the answer with its own req_id,
 * at most `deviceStorageTiming.timeoutMs`; a client that lets one go unanswered is not asked
 * again this launch (an older client that ignores the methods would make every save wait).
 * Loaded lazily, with the outbox (app/main.tsx wires it in).
 */

/** How long a call waits for the client's answer (ms); tests shorten it. */
export const deviceStorageTiming = { timeoutMs: 4000 };

const FAILED = 'device_storage_failed';
/** Every answer a DeviceStorage call may get; the req_id tells whose it is. */
const ANSWERS = ['device_storage_key_saved', 'device_storage_key_received', FAILED] as const;

/** DeviceStorage, where this launch's client offers it (Mini Apps 9.0 and later), else null. */
export function deviceStorage(): DeviceKeyValue | null {
  const { inTelegram, version } = getLaunch();
  if (!inTelegram || !version || !supports('web_app_device_storage_get_key', version)) return null;
  let silent = false;

  async function call(
    method: 'web_app_device_storage_save_key' | 'web_app_device_storage_get_key',
    params: { key: string; value?: string | null },
  ): Promise<{ value?: string | null }> {
    if (silent) throw new Error('DeviceStorage does not answer');
    const req_id = createRequestId();
    let event: EventName | undefined;
    let payload: { value?: string | null; error?: string } | undefined;
    try {
      const capture = (got: { event: EventName; payload?: unknown }) => {
        const data = got.payload as { req_id?: unknown } | undefined;
        if (data?.req_id !== req_id) return false;
        event = got.event;
        payload = data as typeof payload;
        return true;
      };
      await request(method as 'web_app_device_storage_get_key', [...ANSWERS], {
        params: { req_id, ...params } as { req_id: string; key: string },
        capture: capture as never,
        timeout: deviceStorageTiming.timeoutMs,
      });
    } catch (error) {
      silent = true; // no answer in time (or the client refused the call): not asked again
      throw error;
    }
    if (event === FAILED) throw new Error(`DeviceStorage: ${payload?.error ?? 'failed'}`);
    return payload ?? {};
  }

  return {
    async get(key) {
      const { value } = await call('web_app_device_storage_get_key', { key });
      return typeof value === 'string' ? value : null;
    },
    async set(key, value) {
      await call('web_app_device_storage_save_key', { key, value });
    },
  };
}
