import { type FieldRef, readField } from './policy';
import { isDay, REPORT_LEVELS } from './reports';
import type { RouteName } from './route-paths';

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

/** How a link carries one parameter: its text to a value (undefined: absent or malformed) and back. */
export interface ParamType<T> {
  parse(raw: string | null): T | undefined;
  /** Comma-separated values: a request field bound to it must be one of them. */
  readonly list?: true;
  /** The text for a value; undefined leaves the parameter out of the link. */
  format(value: T): string | undefined;
}

export interface Param<T, Required extends boolean = boolean> extends ParamType<T> {
  /** A screen without it shows "missing information" instead of its content. */
  readonly required: Required;
}

/** A positive integer id (`da_id`, `kebele_id`…), or undefined. */
export function parseId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Comma-separated ids (`selectedids=4,5,6`): the valid ones, de-duplicated, in order. */
export function parseIdList(value: string | null | undefined): number[] {
  const ids = (value ?? '').split(',').map(parseId);
  return [...new Set(ids.filter((n): n is number => n !== undefined))];
}

/** A yes/no parameter (`update`, `update_outbound`): `true`/`1`/`yes`/`on` is yes, anything else no. */
export function parseFlag(value: string | null | undefined): boolean {
  return /^(true|1|yes|on)$/i.test((value ?? '').trim());
}

const ID: ParamType<number> = { parse: parseId, format: String };
/** A Telegram chat id: negative for groups. */
const CHAT: ParamType<number> = {
  parse: (raw) => (raw !== null && /^-?\d{1,16}$/.test(raw.trim()) ? Number(raw.trim()) : undefined),
  format: String,
};
/** Present but holding no valid id is `[]` (the screen says so), absent is undefined. */
const IDS: ParamType<readonly number[]> = {
  list: true,
  parse: (raw) => (raw === null ? undefined : parseIdList(raw)),
  format: (ids) => ids.join(','),
};
/**
 * Comma-separated keys of records kept on the phone (the outbox's `Idempotency-Key`s: letters,
 * digits, `-`, `_`), the ones that are valid, de-duplicated, in order.
 */
const KEYS: ParamType<readonly string[]> = {
  list: true,
  parse: (raw) =>
    raw === null
      ? undefined
      : [...new Set(raw.split(',').map((k) => k.trim()))].filter((k) => /^[\w-]{1,100}$/.test(k)),
  format: (keys) => (keys.length ? keys.join(',') : undefined),
};
const FLAG: ParamType<boolean> = { parse: parseFlag, format: (on) => (on ? 'true' : undefined) };
const TEXT: ParamType<string> = { parse: (raw) => raw ?? undefined, format: (text) => text };
/** One of a few words; any other text is absent. */
const oneOf = <W extends string>(...words: readonly W[]): ParamType<W> => ({
  parse: (raw) => words.find((w) => w === raw?.trim()),
  format: (word) => word,
});

/** A calendar day, `YYYY-MM-DD`. */
const DAY: ParamType<string> = {
  parse: (raw) => (raw && isDay(raw.trim()) ? raw.trim() : undefined),
  format: (d) => d,
};

const required = <T>(type: ParamType<T>): Param<T, true> => ({ ...type, required: true });
const optional = <T>(type: ParamType<T>): Param<T, false> => ({ ...type, required: false });

/** Every link also carries the chat's language, so a screen speaks it whatever Telegram's is. */
export const LANG_PARAM = 'lang';

type Params = Record<string, Param<unknown>>;
type ValueOf<P> = P extends ParamType<infer T> ? T : never;
type RequiredKeys<P> = { [K in keyof P]: P[K] extends Param<unknown, true> ? K : never }[keyof P];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A screen's parameter values: the required ones present, the others optional. */
export type ParamValues<P> = Simplify<
  { [K in RequiredKeys<P>]: ValueOf<P[K]> } & { [K in Exclude<keyof P, RequiredKeys<P>>]?: ValueOf<P[K]> }
>;

/** A backend GET by route name, as the light transport sends it (`@gebere/api-client/transport`). */
export interface FirstRequest {
  name: RouteName;
  input: { params?: Record<string, string | number>; query?: Record<string, string | number> };
}

/** Request field → the link parameter it must equal (`{}`: the call needs nothing of the link). */
export type LinkCall<K extends string = string> = { [F in FieldRef]?: K };

export interface FirstLoad<P> {
  /** Called with the screen's parameters once the required ones are all valid. */
  request?(values: ParamValues<P>): FirstRequest;
  /** Modules of the view's folder (file names) loaded beside the data; the screen module is implied. */
  modules: readonly string[];
}

export interface ScreenSpec<P extends Params = Params> {
  path: string;
  aliases?: readonly string[];
  view: string;
  params: P;
  calls: Partial<Record<RouteName, LinkCall<Extract<keyof P, string>>>>;
  firstLoad: FirstLoad<P>;
}

/** Types one entry: its parameters' names check its link scope and its first request. */
const screen = <P extends Params, F extends FirstLoad<P>>(
  spec: Omit<ScreenSpec<P>, 'firstLoad'> & { firstLoad: F },
): ScreenSpec<P> & { firstLoad: F } => spec;

const DA_PARAMS = {
  user_id: required(ID),
  phone_number: optional(TEXT),
  update_outbound: optional(FLAG),
};

const DA_CALLS = {
  findDaProfiles: {},
  findDevelopmentAgents: {},
  createDa: { 'body.created_by': 'user_id' },
  updateDa: { 'body.created_by': 'user_id' },
  patchBotUser: { 'params.id': 'user_id' },
} satisfies ScreenSpec<typeof DA_PARAMS>['calls'];

/** Reach and adoption: the DA's lowest admin area (`kebele_id`, else …) locates the advisories. */
const RECORD_PARAMS = {
  chatid: optional(CHAT),
  user_id: required(ID),
  selectedids: required(IDS),
  kebele_id: optional(ID),
  woreda_id: optional(ID),
  zone_id: optional(ID),
  region_id: optional(ID),
  /**
   * Development groups created on this phone without signal (issue 19: their outbox records'
   * keys), picked in the hub beside `selectedids`; no server call reads it.
   */
  kept: optional(KEYS),
};

const RECORD_CALLS = {
  getDevelopmentGroup: { 'params.id': 'selectedids' },
  listFarmers: { 'query.outbound_development_group': 'selectedids' },
  listFarmersForAdoption: { 'params.id': 'selectedids' },
} satisfies ScreenSpec<typeof RECORD_PARAMS>['calls'];

const NOTIFICATION_PARAMS = { bot_user_id: required(ID) };

const NOTIFICATION_CALLS = {
  // The caller's own grants: the form offers only their areas, the list its form only to a manager.
  getMe: {},
  createNotification: { 'body.created_by': 'bot_user_id' },
  listNotificationsByCreator: { 'params.user_id': 'bot_user_id' },
  getNotificationDetails: {},
  countNotificationRecipients: {},
  updateNotificationSettings: {},
} satisfies ScreenSpec<typeof NOTIFICATION_PARAMS>['calls'];

const REPORT_USER_CALLS = { findReportUsers: {}, createReportUser: {}, updateReportUser: {} };

const noPlan = { modules: [] };

export const screens = {
  home: screen({
    path: '/',
    // The server serves the document at /index.html too: a bookmark of the file shows home.
    aliases: ['/index.html'],
    view: 'home',
    // The hub's own steps (`pick=`, @gebere/contract/hub): the development groups to record for
    // (record_reach, record_adoption), or the advisory to give feedback on, are picked here
    // before that screen opens.
    params: { pick: optional(oneOf('record_reach', 'record_adoption', 'feedback')) },
    // Opened from the chat's menu button (initData proof). A signed link to it proves who the
    // user is for nothing but their own state; the screens it opens need initData.
    calls: { getMe: {} },
    // The hub waits for the caller's own state (its entries follow from it).
    firstLoad: {
      request: () => ({ name: 'getMe', input: {} }),
      modules: [],
    },
  }),
  daRegistration: screen({
    path: '/da_registration',
    view: 'da-registration',
    params: DA_PARAMS,
    calls: DA_CALLS,
    firstLoad: { modules: ['da-form.tsx'] },
  }),
  daUpdateProfile: screen({
    path: '/da_update_profile',
    view: 'da-registration',
    params: DA_PARAMS,
    calls: DA_CALLS,
    firstLoad: { modules: ['da-form.tsx'] },
  }),
  feedback: screen({
    path: '/feedback',
    view: 'feedback',
    params: { chat_id: optional(CHAT), user_id: required(ID), advisory_id: required(ID) },
    calls: { createFeedback: { 'body.user': 'user_id' } },
    firstLoad: { modules: ['feedback-view.tsx'] },
  }),
  farmerRegistration: screen({
    path: '/farmer_registration',
    view: 'farmer-registration',
    params: { da_id: required(ID), kebele_id: required(ID) },
    calls: {
      listDevelopmentGroups: { 'query.kebele': 'kebele_id' },
      createFarmer: { 'body.created_by': 'da_id', 'body.kebele': 'kebele_id' },
    },
    // Spec §2: a loading indicator until the kebele's groups are loaded, then the form.
    firstLoad: {
      request: ({ kebele_id }) => ({
        name: 'listDevelopmentGroups',
        input: { query: { kebele: kebele_id, paginate: 'false' } },
      }),
      modules: ['farmer-form.tsx'],
    },
  }),
  addDevelopmentGroup: screen({
    path: '/add_development_group',
    view: 'add-development-group',
    params: { da_id: required(ID), kebele_id: required(ID) },
    calls: {
      createDevelopmentGroup: { 'body.created_by': 'da_id', 'body.kebele': 'kebele_id' },
    },
    firstLoad: { modules: ['add-development-group-form.tsx'] },
  }),
  recordReach: screen({
    path: '/record_reach',
    view: 'reach-adoption',
    params: RECORD_PARAMS,
    calls: {
      ...RECORD_CALLS,
      createReach: { 'body.user': 'user_id' },
      createReachBatch: { 'body.user': 'user_id' },
    },
    firstLoad: noPlan,
  }),
  recordAdoption: screen({
    path: '/record_adoption',
    view: 'reach-adoption',
    params: RECORD_PARAMS,
    calls: {
      ...RECORD_CALLS,
      createAdoption: { 'body.created_by': 'user_id' },
      createAdoptionBatch: { 'body.created_by': 'user_id' },
    },
    firstLoad: noPlan,
  }),
  notificationCreate: screen({
    path: '/notification/create',
    view: 'notification-form',
    params: NOTIFICATION_PARAMS,
    calls: NOTIFICATION_CALLS,
    firstLoad: { modules: ['notification-form.tsx'] },
  }),
  notificationUpdate: screen({
    path: '/notification/update/:id',
    view: 'notification-form',
    params: { id: required(ID) },
    calls: {},
    firstLoad: { modules: ['notification-form.tsx'] },
  }),
  notificationList: screen({
    path: '/notification/list',
    view: 'notification-list',
    params: NOTIFICATION_PARAMS,
    calls: NOTIFICATION_CALLS,
    firstLoad: { modules: ['notification-cards.tsx'] },
  }),
  /**
   * Reports (issue 20): an area's counts. Every view is a link (area, period, value chain), so
   * drilling down and back is the app's history; the server decides which areas the user sees.
   */
  reports: screen({
    path: '/reports',
    view: 'reports',
    params: {
      level: optional(oneOf(...REPORT_LEVELS)),
      area: optional(ID),
      from: optional(DAY),
      to: optional(DAY),
      value_chain: optional(ID),
    },
    calls: { getReport: {} },
    firstLoad: {
      request: (values) => ({
        name: 'getReport',
        input: {
          query: Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
            string,
            string | number
          >,
        },
      }),
      modules: ['report-view.tsx'],
    },
  }),
  registerReportUser: screen({
    path: '/register_report_user',
    view: 'report-user',
    params: { update: optional(FLAG) },
    calls: REPORT_USER_CALLS,
    firstLoad: { modules: ['report-user-form.tsx'] },
  }),
};

export type Screens = typeof screens;
export type ScreenName = keyof Screens;
export type ScreenParams<S extends ScreenName> = ParamValues<Screens[S]['params']>;

/** A screen's parameters as a link carries them: its own, and the chat's language. */
export type LinkValues<S extends ScreenName> = ScreenParams<S> & { [LANG_PARAM]?: string };

type Entry = ScreenSpec<Params>;
const entries = Object.entries(screens) as Array<[ScreenName, Entry]>;

const segments = (path: string) => path.split('/').slice(1);

/** The path parameters of `pathname` if it is `pattern` (one trailing slash allowed), else undefined. */
function matchPath(pattern: string, pathname: string): Record<string, string> | undefined {
  const want = segments(pattern);
  const got = segments(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = got[i] as string;
    if (part.startsWith(':')) {
      if (!value) return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
    } else if (part !== value) return undefined;
  }
  return params;
}

/** The screen `pathname` shows (its path or an alias), with its path parameters. */
export function matchScreen(
  pathname: string,
): { name: ScreenName; pathParams: Record<string, string> } | undefined {
  for (const [name, spec] of entries)
    for (const pattern of [spec.path, ...(spec.aliases ?? [])]) {
      const pathParams = matchPath(pattern, pathname);
      if (pathParams) return { name, pathParams };
    }
  return undefined;
}

/** Every path the app serves a screen at: each screen's route and its aliases. */
export const screenPaths: readonly string[] = /* @__PURE__ */ entries.flatMap(([, s]) => [
  s.path,
  ...(s.aliases ?? []),
]);

/** The screen a signed link's path names, for what the link grants. */
export function screenOfPath(path: string): Entry | undefined {
  const match = matchScreen(path);
  return match && screens[match.name];
}

/**
 * Whether a signed link (its path and query) grants the call `name` with `input`
 * (docs/authorization.md "Links"): its screen lists the call, and each bound request field equals
 * its link parameter, or one of its values for a list parameter. The server enforces it
 * (authorize.ts); the app asks it before a background read, so it makes none the link does not
 * grant. Public routes need no grant and are not listed.
 */
export function linkGrants(
  link: { path: string; params: URLSearchParams },
  name: RouteName,
  input: { params?: unknown; query?: unknown; body?: unknown },
): boolean {
  const screen = screenOfPath(link.path);
  const call = screen?.calls[name];
  if (!screen || !call) return false;
  return (Object.entries(call) as Array<[FieldRef, string]>).every(([field, bound]) => {
    const value = readField(input, field);
    const param = link.params.get(bound);
    if (value === undefined || value === null || param === null) return false;
    return screen.params[bound]?.list ? param.split(',').includes(String(value)) : String(value) === param;
  });
}

export type ParsedParams<S extends ScreenName> =
  | { complete: true; values: ScreenParams<S>; missing: [] }
  | { complete: false; values: Partial<ScreenParams<S>>; missing: Array<keyof ScreenParams<S> & string> };

/**
 * A screen's parameters from its link: the query, and the path parameters of `pathname` (the
 * path it was opened at); each parsed by its declaration. `missing` lists the required ones
 * absent or malformed, in declaration order.
 */
export function readScreenParams<S extends ScreenName>(
  name: S,
  query: URLSearchParams,
  pathname?: string,
): ParsedParams<S> {
  const spec: Entry = screens[name];
  const pathParams: Record<string, string> = (pathname !== undefined && matchPath(spec.path, pathname)) || {};
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [key, param] of Object.entries(spec.params)) {
    const value = param.parse(pathParams[key] ?? query.get(key));
    if (value !== undefined) values[key] = value;
    else if (param.required) missing.push(key);
  }
  return { complete: missing.length === 0, values, missing } as ParsedParams<S>;
}

/**
 * A link to a screen: its path with the path parameters filled in, and its query (each value
 * formatted by its declaration; undefined ones left out). The bot signs it as it is.
 */
export function screenLink<S extends ScreenName>(
  name: S,
  values: LinkValues<S>,
): { path: string; query: Record<string, string> } {
  const spec: Entry = screens[name];
  const given = values as Record<string, unknown>;
  const query: Record<string, string> = {};
  let path = spec.path;
  const params: Params = { ...spec.params, [LANG_PARAM]: optional(TEXT) };
  for (const [key, param] of Object.entries(params)) {
    const value = given[key];
    const text = value === undefined ? undefined : param.format(value);
    if (text === undefined) continue;
    if (path.includes(`/:${key}`)) path = path.replace(`/:${key}`, `/${encodeURIComponent(text)}`);
    else query[key] = text;
  }
  return { path, query };
}

/** `path?query` of {@link screenLink}, for links inside the app. */
export function screenHref<S extends ScreenName>(name: S, values: LinkValues<S>): string {
  const { path, query } = screenLink(name, values);
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The webapp's service worker, at the top of a build's output directory: the server serves it
 * at the app's root (beside the screens' paths), so its scope is the whole app.
 */
export const SERVICE_WORKER_FILE = 'sw.js';

/** Where a webapp build writes its screens' first-load plan, under its output directory. */
export const FIRST_LOAD_FILE = '.vite/first-load.json';

/**
 * The first-load plan a webapp build writes (webapp/scripts/first-load-plan.ts): per screen its
 * paths and the Vite manifest keys of its screen module and declared modules; per lazily loaded
 * language its texts' module. The server preloads from it; it names the webapp's files so that
 * nothing else has to.
 */
export interface FirstLoadFile {
  screens: Record<ScreenName, { paths: string[]; modules: string[] }>;
  languages: Partial<Record<string, string[]>>;
}

/** The screens whose first-load plan declares a first request. */
export type ScreenWithRequest = {
  [S in ScreenName]: Screens[S]['firstLoad'] extends { request(values: never): FirstRequest } ? S : never;
}[ScreenName];

/** The request a screen waits for before it can show, for its parameters. */
export function firstRequest<S extends ScreenWithRequest>(name: S, values: ScreenParams<S>): FirstRequest {
  // ScreenWithRequest: its plan has one.
  return (screens[name] as Entry).firstLoad.request?.(values) as FirstRequest;
}

/** The request the screen at `pathname` waits for, if its plan has one and its link is complete. */
export function launchRequest(pathname: string, query: URLSearchParams): FirstRequest | undefined {
  const match = matchScreen(pathname);
  const request = match && (screens[match.name] as Entry).firstLoad.request;
  if (!match || !request) return undefined;
  const parsed = readScreenParams(match.name, query, pathname);
  return parsed.complete ? request(parsed.values) : undefined;
}
