import type { RuntimeConfig } from '@gebere/contract';
import { languages as bundled, isLanguage } from '@gebere/i18n/languages';

/**
 * Settings the server injects into index.html so one build serves every deployment.
 *
 * index.html carries `<script id="gebere-config" type="application/json"><!--gebere-runtime-config--></script>`;
 * the server (bot/src/server/routes/static/index-html.ts) replaces the comment with the JSON of the
 * contract's `runtimeConfig`, escaped for a script element. A data block is not executed, so a
 * strict CSP needs no exception. `window.__GEBERE__` (the contract's RUNTIME_CONFIG_GLOBAL, which
 * the server uses for a template without the marker) wins when present. Untouched (vite dev,
 * tests) the block holds the bare marker, which is not JSON: the defaults apply.
 *
 * Checked by hand rather than with the contract's zod schema: zod would cost ~20 KB on the
 * first load of every screen. A test keeps the two in step.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'gebere-config';
const GLOBAL = '__GEBERE__' satisfies typeof import('@gebere/contract').RUNTIME_CONFIG_GLOBAL;

/** Same-origin embedded backend and companion server: what `npm start` runs. */
export const defaultRuntimeConfig: RuntimeConfig = {
  backendUrl: '/backend',
  companionUrl: '',
  botUsername: '',
  languages: [...bundled],
  defaultLanguage: 'en',
};

function readInjected(): unknown {
  const global = (window as unknown as Record<string, unknown>)[GLOBAL];
  if (global && typeof global === 'object') return global;
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent?.trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Takes each valid field of the injected object and the default for the rest. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const d = defaultRuntimeConfig;
  if (!raw || typeof raw !== 'object') return d;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const languages = Array.isArray(r.languages) ? r.languages.filter(isLanguage) : [];
  return {
    backendUrl: str(r.backendUrl, d.backendUrl),
    companionUrl: str(r.companionUrl, d.companionUrl),
    botUsername: str(r.botUsername, d.botUsername),
    languages: languages.length ? languages : d.languages,
    defaultLanguage: isLanguage(r.defaultLanguage) ? r.defaultLanguage : d.defaultLanguage,
  };
}

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  cached ??= parseRuntimeConfig(readInjected());
  return cached;
}

/** Tests only: forget the cached value so the next read sees a new injection. */
export function resetRuntimeConfigForTests(): void {
  cached = undefined;
}
