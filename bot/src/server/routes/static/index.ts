import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { RuntimeConfig } from '@gebere/contract';
import { LANG_PARAM, SERVICE_WORKER_FILE, screenPaths } from '@gebere/contract/screens';
import { type Language, languages, resolveLanguage } from '@gebere/i18n';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { NotFoundPage } from '../../plugins/errors';
import { type CspOptions, contentSecurityPolicy } from '../../plugins/security-headers';
import { pickEncoding, type RenderedIndex, renderIndexHtml } from './index-html';
import { languagePreloads, readBuild, routePreloads, withHeadLinks } from './preloads';

export interface StaticOptions {
  /** The Vite build: index.html, hashed files under assets/, public files at the top. */
  distDir: string;
  /** Read on each render, so settings known only after start (the bot's username) show up. */
  runtimeConfig: () => RuntimeConfig;
  csp: Omit<CspOptions, 'scriptHashes'>;
  /** Filled in with the app's not-found page (app.ts hands it to the error handler). */
  notFoundPage?: NotFoundPage;
}

/** Paths that are never the mini-app's: the APIs, the assets, the server's own endpoints. */
const NOT_APP = /^\/(?:backend|tg|assets|emulator|telegram|metrics|healthz|readyz)(?:\/|$)/;

/**
 * An unknown path the mini-app's router should answer with its not-found screen: a GET for a
 * page (no file extension), not an API call or a missing file (those keep the JSON 404).
 */
export function isAppPath(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?')[0] ?? '';
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !NOT_APP.test(path) && !last.includes('.');
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the mini-app: every screen's path in the contract's screen registry gets index.html
 * (with the runtime settings) and the webapp's router takes it from there; other page paths get
 * it with a 404 (the router's not-found screen), so a typo or a stale link fails visibly. Hashed
 * assets are cached for a year.
 */
export const staticPlugin: FastifyPluginAsync<StaticOptions> = async (app, options) => {
  const indexPath = join(options.distDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distDir: options.distDir }, 'webapp is not built; app routes answer 503 (run npm start)');
    for (const url of screenPaths) app.get(url, notBuilt);
    return;
  }
  const template = readFileSync(indexPath, 'utf8');
  // Each route's document also names its screen's chunks (modulepreload), from the build's
  // manifest and first-load plan, read once: the browser fetches them with the entry instead of
  // after it. A link with `lang=am` or `lang=om` (the bot's links carry the user's language) also
  // names that language's texts, which the app would otherwise fetch only once its entry runs.
  const build = readBuild(options.distDir);
  const preloads = routePreloads(build);
  const languageLinks = new Map(languages.map((lang) => [lang, languagePreloads(build, lang)]));
  const cache = new Map<string, { key: string; rendered: RenderedIndex }>();
  const render = (route: string, lang: Language) => {
    const settings = options.runtimeConfig();
    const key = JSON.stringify(settings);
    const variant = `${lang} ${route}`;
    let entry = cache.get(variant);
    if (entry?.key !== key) {
      const links = (preloads.get(route) ?? '') + (languageLinks.get(lang) ?? '');
      entry = { key, rendered: renderIndexHtml(withHeadLinks(template, links), settings) };
      cache.set(variant, entry);
    }
    return entry.rendered;
  };

  const serveIndex =
    (route: string, status = 200) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const lang = (request.query as Record<string, unknown> | undefined)?.[LANG_PARAM];
      const page = render(route, resolveLanguage(typeof lang === 'string' ? lang : undefined));
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        // The document names the current hashed assets, so it must be revalidated every time.
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', page.etag)
        .header(
          'content-security-policy',
          contentSecurityPolicy({ ...options.csp, scriptHashes: page.scriptHash ? [page.scriptHash] : [] }),
        );
      if (status === 200 && request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    };
  for (const url of screenPaths) app.get(url, serveIndex(url));
  // Any other page path: the same document, 404, and the webapp's router shows its not-found
  // screen (no route's preloads: '404' is no route).
  const notFound = serveIndex('404', 404);
  if (options.notFoundPage)
    options.notFoundPage.serve = (request, reply) =>
      isAppPath(request.method, request.url) ? notFound(request, reply) : undefined;

  // The service worker (webapp/src/sw/) at the app's root, so its scope is every screen. The
  // browser checks it for a new build on every open: revalidated each time, never cached.
  const worker = readWorker(options.distDir);
  if (worker) app.get(`/${SERVICE_WORKER_FILE}`, worker);

  // Vite names everything under assets/ by content hash: safe to cache forever.
  if (existsSync(join(options.distDir, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(options.distDir, 'assets'),
      prefix: '/assets/',
      preCompressed: true,
      immutable: true,
      maxAge: YEAR_MS,
      index: false,
      decorateReply: false,
    });
  }
  // Files from the webapp's public/ (icons, robots.txt) keep their names: cache briefly.
  const topLevel = readdirSync(options.distDir, { withFileTypes: true }).filter(
    (d) =>
      d.isFile() && d.name !== 'index.html' && d.name !== SERVICE_WORKER_FILE && !/\.(br|gz)$/.test(d.name),
  );
  if (topLevel.length) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: '/',
      wildcard: false,
      globIgnore: [
        'index.html',
        'index.html.*',
        SERVICE_WORKER_FILE,
        `${SERVICE_WORKER_FILE}.*`,
        'assets/**',
        '**/*.br',
        '**/*.gz',
      ],
      preCompressed: true,
      maxAge: 3600 * 1000,
      index: false,
      decorateReply: false,
    });
  }
};

/** The build's service worker as a handler (its precompressed bodies read once), if it has one. */
function readWorker(distDir: string) {
  const path = join(distDir, SERVICE_WORKER_FILE);
  if (!existsSync(path)) return undefined;
  const body = readFileSync(path);
  const variant = (ext: string) =>
    existsSync(`${path}.${ext}`) ? readFileSync(`${path}.${ext}`) : undefined;
  const br = variant('br');
  const gzip = variant('gz');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const encoded = encoding === 'br' ? br : encoding === 'gzip' ? gzip : undefined;
    if (encoding && encoded) return reply.header('content-encoding', encoding).send(encoded);
    return reply.send(body);
  };
}

async function notBuilt(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(503)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('retry-after', '10')
    .send('<!doctype html><meta charset="utf-8"><title>Gebere</title><p>The mini-app is not built yet.</p>');
}
