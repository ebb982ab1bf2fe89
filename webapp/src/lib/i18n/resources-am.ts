/** Amharic, the same namespaces as resources-en.ts; loaded as its own chunk, only when active. */
export { screens as am } from '@gebere/i18n/am/screens';
