// What the browser journeys (scripts/e2e) read of the bot's chat: its links, advisory messages and
// hand-back summaries, to open what a user opens and to expect its exact texts.
export { advisoryMessage } from './advisory';
export { createLinkMaker, type ScreenLinks, screenLinks } from './links';
export { renderSummary } from './summaries';
