import { am } from './am';
import { en } from './en';
import type { English } from './english.generated';
import type { Language } from './languages';
import { om } from './om';
import type { Shape } from './types';

export { defaultNamespace, type Namespace, namespaces } from './namespaces';
export { am, en, om };

/** The key structure every language has (English's, with texts widened to `string`). */
export type Resources = Shape<English>;

/** i18next's `resources` option as is: `{ [language]: { [namespace]: tree } }`. */
export const resources: Readonly<Record<Language, Resources>> = { en, am, om };
