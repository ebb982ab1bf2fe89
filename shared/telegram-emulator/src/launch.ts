import { THEMES } from './themes.js';
import type { ThemeName } from './types.js';

export interface LaunchParamsInput {
  initData: string | undefined;
  version: string;
  platform: string;
  theme: ThemeName;
}

/**
 * The URL a Telegram client opens: the button's URL untouched (query string included) with the
 * launch parameters in the fragment. A URL that already has a fragment (hash routers) keeps it
 * and gets the parameters after a '?', which is how the SDKs expect to find them.
 */
export function buildLaunchUrl(buttonUrl: string, input: LaunchParamsInput): string {
  const params: string[] = [];
  if (input.initData !== undefined) params.push(`tgWebAppData=${encodeURIComponent(input.initData)}`);
  params.push(`tgWebAppVersion=${encodeURIComponent(input.version)}`);
  params.push(`tgWebAppPlatform=${encodeURIComponent(input.platform)}`);
  params.push(`tgWebAppThemeParams=${encodeURIComponent(JSON.stringify(THEMES[input.theme]))}`);
  const launch = params.join('&');
  const hashAt = buttonUrl.indexOf('#');
  if (hashAt === -1) return `${buttonUrl}#${launch}`;
  const fragment = buttonUrl.slice(hashAt + 1);
  const joiner = fragment === '' ? '' : fragment.includes('?') ? '&' : '?';
  return `${buttonUrl.slice(0, hashAt)}#${fragment}${joiner}${launch}`;
}

/** Reads the launch parameters back from a launch URL (tests and the page use it). */
export function readLaunchParams(url: string): URLSearchParams {
  const fragment = url.slice(url.indexOf('#') + 1);
  const q = fragment.indexOf('?');
  const start = fragment.startsWith('tgWebApp') || q === -1 ? fragment : fragment.slice(q + 1);
  return new URLSearchParams(start);
}
