// Shared by the emulator's tests: raw Bot API calls over HTTP, the way any client makes them.
import type { RunningEmulator } from './start.js';

export interface ApiAnswer {
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    error_code?: number;
    description?: string;
    parameters?: { retry_after?: number };
  };
}

export type Encoding = 'json' | 'form' | 'query';

/** Calls a method with JSON (default), a form body or a query string; objects in forms are JSON text. */
export async function callApi(
  tg: Pick<RunningEmulator, 'apiRoot' | 'token'>,
  method: string,
  params: Record<string, unknown> = {},
  encoding: Encoding = 'json',
  token = tg.token,
): Promise<ApiAnswer> {
  const url = `${tg.apiRoot}/bot${token}/${method}`;
  const flat = () =>
    new URLSearchParams(
      Object.entries(params).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
    );
  let res: Response;
  if (encoding === 'query') res = await fetch(`${url}?${flat()}`);
  else if (encoding === 'form') res = await fetch(url, { method: 'POST', body: flat() });
  else {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(params),
    });
  }
  return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
}

/** The `result` of a successful call; fails with Telegram's description otherwise. */
export async function ok<T = Record<string, unknown>>(
  tg: Pick<RunningEmulator, 'apiRoot' | 'token'>,
  method: string,
  params: Record<string, unknown> = {},
): Promise<T> {
  const answer = await callApi(tg, method, params);
  if (!answer.body.ok) throw new Error(`${method} failed: ${answer.status} ${answer.body.description}`);
  return answer.body.result as T;
}
