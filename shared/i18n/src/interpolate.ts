import type { TranslateVars } from './types';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * i18next-style `{{var}}` interpolation, without escaping: the webapp renders through React and
 * the bot sends plain text, so escaping is the caller's job if it chooses an HTML parse mode.
 * A placeholder with no value stays as written, so a missing variable is visible, not silent.
 */
export function interpolate(template: string, vars?: TranslateVars): string {
  if (!vars) return template;
  return template.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

/** The `{{var}}` names used in a text, for tests and tooling. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}
