/**
 * The outbox's entry for first-load code (the save protocol, the app's start): the outbox, with
 * IndexedDB and the API client behind it, is its own chunk, fetched after the first paint.
 */
export const loadOutbox = () => import('./live');
