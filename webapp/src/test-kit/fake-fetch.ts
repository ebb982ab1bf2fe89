import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (req: SeenRequest) => Response | Promise<Response | undefined> | undefined;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A `fetch` for component tests: each request goes to the first handler that answers it
 * (unanswered → 404). Installed on globalThis, which the API client and the hand-back use.
 */
export function installFakeFetch(...handlers: Handler[]) {
  const requests: SeenRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const parsed = new URL(url, 'http://app.test');
    const req: SeenRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(req);
    for (const handler of handlers) {
      const response = await handler(req);
      if (response) return response;
    }
    return json(404, { detail: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

/** `route('GET', '/backend/regions/', respond)`: a handler for one method and path. */
export function route(
  method: string,
  path: string,
  respond: (req: SeenRequest) => Response | Promise<Response>,
): Handler {
  return (req) => (req.method === method && req.path === path ? respond(req) : undefined);
}
