/** Afaan Oromo, the same namespaces as resources-en.ts; loaded as its own chunk, only when active. */
export { screens as om } from '@gebere/i18n/om/screens';
