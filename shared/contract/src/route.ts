import type { z } from 'zod';
import type { Policy } from './policy';
import type { Method } from './route-paths';

export interface RouteDef<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
> {
  method: M;
  /** Path under the backend base URL, with `{name}` placeholders for `params`. */
  path: P;
  params: Params;
  query: Query;
  body: Body;
  response: Res;
  /** Success status: 201 for creates, 200 otherwise. */
  status: 200 | 201;
  /** Who may call it and for what (policy.ts); checked by the server before the handler. */
  policy: Policy;
  summary: string;
  /** Most bytes of its body, where it needs more than the backend's default (imports). */
  bodyLimit?: number;
}

type Opt<T> = T extends z.ZodType ? T : undefined;

export function route<
  M extends Method,
  P extends string,
  Res extends z.ZodType,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(def: {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Res;
  status?: 200 | 201;
  policy: Policy;
  summary: string;
  bodyLimit?: number;
}): RouteDef<M, P, Opt<Params>, Opt<Query>, Opt<Body>, Res> {
  return {
    status: 200,
    params: undefined,
    query: undefined,
    body: undefined,
    ...def,
  } as RouteDef<M, P, Opt<Params>, Opt<Query>, Opt<Body>, Res>;
}

export type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
export type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;
