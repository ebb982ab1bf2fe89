import { type ParsedParams, readScreenParams, type ScreenName } from '@gebere/contract/screens';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

/** In-app navigation depth (home → a screen), kept in history.state by links that pass
 *  `state={{ depth: historyDepth() + 1 }}`; Telegram's back button shows while it is > 0. */
export function historyDepth(): number {
  const state = window.history.state as { depth?: unknown } | null;
  return typeof state?.depth === 'number' ? state.depth : 0;
}

/**
 * The screen's parameters from the current URL (spec §2: screens take their context from the
 * link), parsed as the contract's screen registry declares them: `values` typed, `missing` the
 * required ones absent or malformed, for `<Screen missing>` ("missing information, open it
 * again from the bot").
 */
export function useScreenParams<S extends ScreenName>(name: S): ParsedParams<S> {
  const [pathname] = useLocation();
  const search = useSearch();
  return useMemo(
    () => readScreenParams(name, new URLSearchParams(search), pathname),
    [name, pathname, search],
  );
}
