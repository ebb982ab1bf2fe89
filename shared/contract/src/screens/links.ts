import { type FieldRef, readField } from '../policy';
import type { RouteName } from '../route-paths';
import { LANG_PARAM, optional, type Params, TEXT } from './params';
import {
  type Entry,
  entries,
  type LinkValues,
  type ScreenName,
  type ScreenParams,
  screens,
} from './registry';

// A screen's links: which screen a path shows, what its link grants, its parameters read and written.

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
