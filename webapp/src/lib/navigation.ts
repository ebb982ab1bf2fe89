/** In-app navigation depth (home → a screen), kept in history.state by links that pass
 *  `state={{ depth: historyDepth() + 1 }}`; Telegram's back button shows while it is > 0. */
export function historyDepth(): number {
  const state = window.history.state as { depth?: unknown } | null;
  return typeof state?.depth === 'number' ? state.depth : 0;
}
