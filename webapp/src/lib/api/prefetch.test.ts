import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchApi } from './lazy-client';

describe('prefetchApi', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the page’s load event, then for an idle moment, before fetching the client', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    prefetchApi();
    expect(idle).not.toHaveBeenCalled();
    state.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: 1500 });
    vi.unstubAllGlobals();
  });

  it('asks for an idle moment at once when the page has loaded already', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    prefetchApi();
    expect(idle).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
