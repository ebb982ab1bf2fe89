/**
 * The screens of spec §2, one entry each: where a screen lives, what its link carries, what a
 * signed link to it grants, and what its first load is. Zod-free and small: the webapp's early
 * GET (its own tiny chunk) reads it, beside the bot, the server and the webapp's router.
 *
 * - `path`: the route (`:name` segments are path parameters); `aliases` are other paths that
 *   show the same screen.
 * - `view`: the webapp folder that draws it, `webapp/src/features/<view>/`, whose
 *   `<view>-screen.tsx` default-exports the component (it gets `{screen}`, the entry's name).
 * - `params`: its query (and path) parameters with their parsers; `readScreenParams` reads
 *   them, `screenLink` writes them, so the bot's links type-check against the screen.
 * - `calls`: what a signed link to it grants (docs/authorization.md "Links"). A link proves who
 *   the user is only for the calls its screen makes, and only with its own parameters: each call
 *   maps request fields to the link parameter they must equal (one of its values, for a list
 *   parameter such as `selectedids`). Public routes need no proof, so they are not listed. A screen
 *   reached inside the app (notification update from the list) grants nothing: its calls go
 *   with the proof of the screen that opened it.
 * - `firstLoad`: the request the screen waits for before it can show (`request`, sent by the
 *   webapp's early script while the app's chunks download, and adopted by the screen), and the
 *   modules of its folder it loads beside its data (`modules`): the server preloads them with
 *   the document and the build keeps each in a chunk of its own.
 */
export * from './first-load';
export * from './links';
export {
  LANG_PARAM,
  type Param,
  type ParamType,
  type ParamValues,
  parseFlag,
  parseId,
  parseIdList,
} from './params';
export * from './registry';
