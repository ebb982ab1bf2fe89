import { am } from './am';
import { en } from './en';
import type { Language } from './languages';
import { om } from './om';
import type { Shape } from './types';

export { am, en, om };

/** The key structure every language has (English's, with texts widened to `string`). */
export type Resources = Shape<typeof en>;

/** i18next's `resources` option as is: `{ [language]: { [namespace]: tree } }`. */
export const resources: Readonly<Record<Language, Resources>> = { en, am, om };

export type Namespace = keyof typeof en;

/** i18next's `ns` option; `common` is the default namespace. */
export const namespaces = [
  'common',
  'validation',
  'errors',
  'farmer',
  'group',
  'da',
  'reportUser',
  'reach',
  'feedback',
  'notification',
  'home',
  'bot',
  'server',
] as const satisfies readonly Namespace[];
export const defaultNamespace = 'common' satisfies Namespace;

// A namespace added to `en` but not listed above fails here.
type Unlisted = Exclude<Namespace, (typeof namespaces)[number]>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;
