import { type ApiResult, requestHeaders, routeUrl, send } from '@gebere/api-client/transport';
import { proofHeader } from '@gebere/contract/auth';
import { type FirstRequest, LANG_PARAM, launchRequest } from '@gebere/contract/screens';
import { pickLanguage } from '../i18n/language';
import { fromHash } from '../launch/launch-hash';
import { proofOf } from '../launch/proof-of';
import { runtimeConfig } from '../launch/runtime-config';

/**
 * The launch screen's first request (its first-load plan in the contract's screen registry),
 * started by a tiny script of its own (a second build entry, which vite.config.ts adds to
 * index.html with `async`) as soon as the document is parsed, instead of after the app's chunks
 * have downloaded and run: on 3G that is a whole round trip (~0.6 s) off "form ready". The
 * screen sends the same declared request through light-get.ts, which adopts this answer only if
 * it is the very same request (URL, proof, language); otherwise it asks again. Keep this
 * module's imports tiny and zod-free: its chunk races the document's other files.
 */

/** The same request means the same URL, proof and language (and no body: GETs only). */
export function requestKey(request: FirstRequest, baseUrl: string, headers: Record<string, string>): string {
  return JSON.stringify([routeUrl(baseUrl, request.name, request.input), headers]);
}

/**
 * The proof and language the app will use, read from the launch URL as the app reads it without
 * the SDK (launch-hash.ts, proof-of.ts). If the app reads them differently (e.g. outside a
 * Telegram client it ignores initData), the keys differ and the early answer is simply not used.
 */
function launchIdentity(location: Pick<Location, 'pathname' | 'search' | 'hash'>) {
  const launch = fromHash(location.hash);
  const proof = proofOf(launch?.rawInitData, location.pathname, location.search);
  const lang = new URLSearchParams(location.search).get(LANG_PARAM);
  return {
    authorization: proof ? proofHeader(proof) : undefined,
    language: pickLanguage(lang, launch?.languageCode),
  };
}

let started: { key: string; result: Promise<ApiResult<unknown>> } | undefined;

/** Starts the launch screen's first request, if its plan has one and its link is complete. Never throws. */
export function startEarlyGet(location: Pick<Location, 'pathname' | 'search' | 'hash'>): void {
  try {
    const request = launchRequest(location.pathname, new URLSearchParams(location.search));
    if (!request) return;
    const { authorization, language } = launchIdentity(location);
    const options = {
      baseUrl: runtimeConfig().backendUrl,
      authorization: () => authorization,
      language: () => language,
    };
    const key = requestKey(request, options.baseUrl, requestHeaders(options, request.input));
    started = { key, result: send(options, request.name, request.input) };
  } catch {
    started = undefined; // the app makes the request itself
  }
}

/** The early answer if it was for exactly this request; handed out once. */
export function takeEarlyGet(key: string): Promise<ApiResult<unknown>> | undefined {
  const entry = started;
  if (entry?.key !== key) return undefined;
  started = undefined;
  return entry.result;
}

/** Tests only: forget an early request. */
export function resetEarlyGetForTests(): void {
  started = undefined;
}
