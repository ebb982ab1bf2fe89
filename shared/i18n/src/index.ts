export {
  type Calendar,
  calendarFor,
  ethiopianDayText,
  formatDay,
  fromEthiopian,
  isCalendar,
  toEthiopian,
} from './calendar';
export { interpolate, placeholders } from './interpolate';
export {
  defaultLanguage,
  isLanguage,
  type Language,
  languageNames,
  languages,
  resolveLanguage,
} from './languages';
export { textsByKey } from './lookup';
export {
  am,
  defaultNamespace,
  en,
  type Namespace,
  namespaces,
  om,
  type Resources,
  resources,
} from './resources';
export {
  createTranslator,
  dayIn,
  isTranslationKey,
  type KeyVars,
  lookup,
  type TextKey,
  type TranslateArgs,
  type TranslationKey,
  type Translator,
  translate,
} from './translate';
export type { Shape, TranslateVars } from './types';
