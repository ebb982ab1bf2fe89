/**
 * Runs an SDK call, swallowing what a misbehaving or unknown client throws (a page opened with
 * Telegram's launch parameters but outside any Telegram client, an old client): a button that
 * does not update is better than a screen that crashes.
 */
export function attempt<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch (error) {
    console.warn('Telegram call failed', error);
    return undefined;
  }
}
