import { type ApiError, type CallInput, type CallOutput, createApiClient } from '@gebere/api-client';
import {
  asList,
  OPERATOR_HEADER,
  type Page,
  proofHeader,
  type RouteName,
  routePaths,
} from '@gebere/contract';
import type { Language } from '@gebere/i18n/languages';
import { BACKEND_PATH, type Config } from '../config';
import { CliError, usageError } from './args';

/** How the CLI reaches the backend: always with the service token, as the bot does. */
export interface CliSettings {
  /** The backend's base URL (the embedded backend is `<server>/backend`). */
  backendUrl: string;
  serviceToken: string;
  /** Where the token came from, for the 401 message; never the token itself. */
  tokenSource: string;
  /** DATABASE_URL: backup and restore run pg_dump / pg_restore against it. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: PGlite's files are in `<dataDir>/pglite` (restore writes there). */
  dataDir?: string | undefined;
}

/** Seconds before a call gives up: an operator at a terminal should not wait forever. */
export const CLI_TIMEOUT_MS = 15_000;

/**
 * The settings of the server that this directory's configuration describes (config.ts, the only
 * reader of the environment): the embedded backend over loopback at PORT, or BACKEND_URL, with
 * BACKEND_SERVICE_TOKEN or the token generated once into DATA_DIR/secrets.json.
 */
export function settingsFromConfig(config: Config): CliSettings {
  return {
    backendUrl: config.backend.internalUrl,
    serviceToken: config.backend.serviceToken,
    tokenSource: !config.generatedSecrets.includes('serviceToken')
      ? 'BACKEND_SERVICE_TOKEN'
      : config.secretsShared
        ? 'the database (table gebere_shared_secrets)'
        : `${config.dataDir}/secrets.json`,
    databaseUrl: config.database.url,
    dataDir: config.dataDir,
  };
}

/**
 * `--url`: the server's address, whose embedded backend is at `/backend`; a URL that already ends
 * in `/backend` (or names a separate backend's `/backend`) is used as it is.
 */
export function backendUrlOf(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol))
    throw usageError(`bad --url "${url}": give the server's http(s) address, e.g. http://localhost:8080`);
  return trimmed.endsWith(BACKEND_PATH) ? trimmed : `${trimmed}${BACKEND_PATH}`;
}

/**
 * Every row of a paged list, page by page, so a long list is never one answer the server must
 * build at once.
 */
export async function everyPage<T>(
  page: (query: { page: number; page_size: number }) => Promise<{ data: T[] | Page<T> }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let n = 1; ; n++) {
    const { data } = await page({ page: n, page_size: 500 });
    rows.push(...asList(data));
    if (Array.isArray(data) || data.next === null) return rows;
  }
}

export interface Backend {
  readonly url: string;
  /**
   * The call's answer, or a {@link CliError} saying what went wrong and what to do; `explain` may
   * word a refusal the command understands better than {@link failure} can.
   */
  call<N extends RouteName>(
    name: N,
    input: CallInput<N>,
    explain?: (error: ApiError) => string | undefined,
    /** Longer than {@link CLI_TIMEOUT_MS} for a call that does much (an import). */
    timeoutMs?: number,
  ): Promise<{ status: number; data: CallOutput<N> }>;
  /**
   * A GET of one of the backend's non-JSON routes (`/ops/...`) whose body the command streams: the
   * answer once its headers are in (within {@link CLI_TIMEOUT_MS}; the body may take longer), or a
   * {@link CliError} worded like {@link failure}'s.
   */
  download(path: string, query?: Record<string, string>, timeoutMs?: number): Promise<Response>;
  /** Does anything answer HTTP at the backend's address? (restore wants the server stopped) */
  answers(): Promise<boolean>;
}

/**
 * `fetch` that names the command in every request, for the audit trail (the server keeps the label
 * beside the service token's writes; docs/authorization.md "Audit trail").
 */
function labelled(fetchImpl: typeof fetch, label: string | undefined): typeof fetch {
  if (!label) return fetchImpl;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    // Percent-encoded: a header is Latin-1, a label may hold an Amharic file name.
    headers.set(OPERATOR_HEADER, encodeURIComponent(label));
    return fetchImpl(input, { ...init, headers });
  };
}

export function connect(
  settings: CliSettings,
  fetchWith?: typeof fetch,
  language?: Language,
  label?: string,
): Backend {
  const url = settings.backendUrl;
  const fetchImpl = labelled(fetchWith ?? ((...args) => fetch(...args)), label);
  const client = (timeoutMs: number) =>
    createApiClient({
      baseUrl: url,
      authorization: () => proofHeader({ kind: 'service', value: settings.serviceToken }),
      timeoutMs,
      ...(language ? { language: () => language } : {}),
      fetch: fetchImpl,
    });
  const api = client(CLI_TIMEOUT_MS);
  return {
    url,
    async call(name, input, explain, timeoutMs) {
      const r = await (timeoutMs ? client(timeoutMs) : api).call(name, input);
      if (r.ok) return { status: r.status, data: r.data };
      const own = explain?.(r.error);
      throw own ? new CliError(own) : failure(r.error, name, settings);
    },
    async download(path, query = {}, timeoutMs = CLI_TIMEOUT_MS) {
      const qs = new URLSearchParams(query).toString();
      const target = `${url}${path}${qs ? `?${qs}` : ''}`;
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(), timeoutMs);
      let response: Response;
      try {
        response = await fetchImpl(target, {
          headers: { authorization: proofHeader({ kind: 'service', value: settings.serviceToken }) },
          signal: timer.signal,
        });
      } catch {
        throw timer.signal.aborted ? noAnswer(url, timeoutMs) : unreachable(url);
      } finally {
        clearTimeout(timeout);
      }
      if (response.ok) return response;
      throw await downloadFailure(response, `GET ${path}`, settings);
    },
    async answers() {
      try {
        await fetchImpl(url, { signal: AbortSignal.timeout(3000) });
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The messages a failed call and a failed download share. */
const unreachable = (url: string) =>
  new CliError(
    `cannot reach the server at ${url}: start it with \`npm start\` (or give its address with --url)`,
  );
const noAnswer = (url: string, ms: number) =>
  new CliError(
    `the server at ${url} did not answer within ${ms / 1000} s: check that it is running and try again`,
  );
const tokenRefused = (settings: CliSettings) =>
  new CliError(
    `the server at ${settings.backendUrl} refused the service token (401): the token from ${settings.tokenSource} does not ` +
      "match the server's. Run this where the server runs (same DATA_DIR and .env), or set " +
      "BACKEND_SERVICE_TOKEN to the server's token",
  );

/** A refused download, worded as {@link failure} words a refused call. */
async function downloadFailure(response: Response, what: string, settings: CliSettings): Promise<CliError> {
  const url = settings.backendUrl;
  const status = response.status;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const detail =
    typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
      ? (body as { detail: string }).detail
      : undefined;
  if (status === 401) return tokenRefused(settings);
  if (status === 400 && typeof body === 'object' && body !== null) {
    const fields = Object.entries(body as Record<string, unknown>).map(
      ([field, messages]) => `${field}: ${Array.isArray(messages) ? messages.join(' ') : String(messages)}`,
    );
    return new CliError(`the server refused it (400): ${fields.join('; ')}`);
  }
  if (status === 404)
    return new CliError(
      `the server at ${url} has no ${what} (404): is it a Gebere server of this version? (--url points elsewhere)`,
    );
  if (status >= 500)
    return new CliError(`the server at ${url} failed (${status}): ${detail ?? 'see its logs'}`);
  return new CliError(`the server refused it (${status}): ${detail ?? response.statusText}`);
}

/** A failed call as the operator needs to read it: what happened, and what to do about it. */
export function failure(error: ApiError, route: RouteName, settings: CliSettings): CliError {
  const url = settings.backendUrl;
  const { method, path } = routePaths[route];
  switch (error.kind) {
    case 'network':
    case 'aborted':
      return unreachable(url);
    case 'timeout':
      return noAnswer(url, CLI_TIMEOUT_MS);
    case 'invalid_response':
      return new CliError(
        `unexpected answer from ${url} to ${method} ${path}: is it a Gebere server of this version?`,
      );
  }
  const status = error.status ?? 0;
  if (status === 401) return tokenRefused(settings);
  if (status === 400) {
    const fields = Object.entries(error.fieldErrors).map(([field, message]) => `${field}: ${message}`);
    return new CliError(`the server refused it (400): ${fields.length ? fields.join('; ') : error.message}`);
  }
  if (status === 404)
    return new CliError(
      `the server at ${url} has no ${method} ${path} (404): does --url point to a Gebere server?`,
    );
  if (status === 429)
    return new CliError(`the server at ${url} asks to slow down (429): try again in a minute`);
  if (status >= 500)
    return new CliError(`the server at ${url} failed (${status}): ${error.message}; see its logs`);
  return new CliError(`the server refused it (${status}): ${error.message}`);
}
