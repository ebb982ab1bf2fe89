/**
 * The outbox's entry for first-load code (the save protocol, the app's start): the outbox, with
 * IndexedDB and the API client behind it, is its own chunk, fetched after the first paint.
 */
export const loadOutbox = () => import('./live');

/** A key-value store kept by the Telegram client, outside the WebView's storage (DeviceStorage). */
export interface DeviceKeyValue {
  get(key: string): Promise<string | null>;
  /** null removes the key. */
  set(key: string, value: string | null): Promise<void>;
}

/**
 * What the app wires in before anything is kept (app/main.tsx): the Telegram client's
 * DeviceStorage, where the launch offers it (telegram/device-storage.ts, loaded lazily), for the
 * outbox's mirror (mirror.ts). lib/ never imports telegram/ (webapp/README.md "Boundaries").
 */
export const outboxWiring: { deviceStorage?: () => Promise<DeviceKeyValue | null> } = {};
