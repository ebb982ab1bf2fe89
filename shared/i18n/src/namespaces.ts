import type { English } from './english.generated';

/** i18next's `ns` option: one JSON file per namespace and language, `locales/<lang>/<ns>.json`. */
export const screenNamespaces = [
  'common',
  'validation',
  'errors',
  'farmer',
  'registry',
  'group',
  'da',
  'reportUser',
  'reach',
  'feedback',
  'notification',
  'home',
  'report',
  'calendar',
] as const;
/** The namespaces the mini-app shows (the webapp loads only these); the bot's own are the rest. */
export type ScreenNamespace = (typeof screenNamespaces)[number];

export const namespaces = [
  ...screenNamespaces,
  'bot',
  'server',
] as const satisfies readonly (keyof English)[];
export type Namespace = keyof English;
export const defaultNamespace = 'common' satisfies Namespace;

// A namespace file added to locales/en but not listed above fails here.
type Unlisted = Exclude<Namespace, (typeof namespaces)[number]>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;
