export const CHROMIUM_NAMES: readonly string[];
export const CHROMIUM_ARGS: readonly string[];
export type ChromiumLookup = { path: string; reason: undefined } | { path: undefined; reason: string };
export function findChromium(env?: Record<string, string | undefined>): ChromiumLookup;
export const chromiumSkipReason: string | undefined;
export function chromiumPath(): string;
