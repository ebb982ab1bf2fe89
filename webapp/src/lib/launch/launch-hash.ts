import type { Launch } from './launch';

/**
 * Reading Telegram's launch from the URL alone, without the SDK or any storage: the telegram
 * layer's fallback when the SDK cannot read it, and the early GET's (lib/api/early-get.ts), which must
 * stay tiny and run before the app's chunks.
 */

export function isDarkColor(hex: string | undefined): boolean | undefined {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m?.[1]) return undefined;
  const n = Number.parseInt(m[1], 16);
  // Relative luminance, as Telegram's own clients decide.
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 120;
}

/**
 * The launch parameters straight from the URL's hash (`#tgWebAppData=…&tgWebAppPlatform=…`),
 * without any storage. Undefined when the hash has no `tgWebAppPlatform`/`tgWebAppVersion`.
 */
export function fromHash(hash: string): Launch | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, '').replace(/^[^?=]*\?/, ''));
  const platform = params.get('tgWebAppPlatform');
  const version = params.get('tgWebAppVersion');
  if (!platform || !version) return undefined;
  const raw = params.get('tgWebAppData') || undefined;
  const data = new URLSearchParams(raw ?? '');
  let user: { id?: unknown; language_code?: unknown } | undefined;
  let theme: { bg_color?: unknown } = {};
  try {
    user = JSON.parse(data.get('user') ?? 'null') ?? undefined;
  } catch {
    user = undefined;
  }
  try {
    theme = JSON.parse(params.get('tgWebAppThemeParams') ?? '{}') ?? {};
  } catch {
    theme = {};
  }
  return {
    inTelegram: true,
    rawInitData: raw,
    queryId: data.get('query_id') || undefined,
    platform,
    version,
    userId: typeof user?.id === 'number' ? user.id : undefined,
    languageCode: typeof user?.language_code === 'string' ? user.language_code : undefined,
    startDark: isDarkColor(typeof theme.bg_color === 'string' ? theme.bg_color : undefined),
  };
}
