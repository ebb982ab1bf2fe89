import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { screenPaths } from '@gebere/contract/screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET, ASSET_BODY, testApp, WORKER_BODY } from '../../../../test/test-kit';
import { renderIndexHtml, scriptSafeJson } from './index-html';

type App = Awaited<ReturnType<typeof testApp>>['app'];
let app: App;
beforeAll(async () => {
  ({ app } = await testApp());
});
afterAll(() => app.close());

describe('mini-app document', () => {
  const paths = screenPaths.map((r) => r.replace(':id', '42'));
  it.each(paths)('%s serves index.html with the runtime settings, never cached', async (path) => {
    const res = await app.inject({ url: `${path}?user_id=1&lang=am` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const settings = JSON.parse(
      /<script id="gebere-config" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1] ?? '',
    );
    expect(settings).toMatchObject({
      backendUrl: 'https://gebere.example/backend',
      botUsername: 'gebere_test_bot',
    });
    expect(res.body).not.toContain('<!--gebere-runtime-config-->');
  });

  it('sends a CSP that lets Telegram frame the app and runs no inline script', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self' https://web.telegram.org https://*.telegram.org");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("connect-src 'self' https://gebere.example");
    // The settings are a JSON data block, not a script: script-src stays 'self' alone.
    expect(csp).toContain("script-src 'self';");
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });

  it('answers 304 to a matching If-None-Match and compresses by Accept-Encoding', async () => {
    const first = await app.inject({ url: '/' });
    const etag = String(first.headers.etag);
    expect((await app.inject({ url: '/', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    expect(gz.headers.vary).toContain('accept-encoding');
  });

  it('escapes values so no setting can close the script element', () => {
    const evil = '</script><script>alert(1)</script><!--';
    const page = renderIndexHtml(
      '<head><script type="application/json"><!--gebere-runtime-config--></script></head>',
      {
        backendUrl: evil,
        companionUrl: 'x',
        botUsername: '\u2028',
        languages: ['en'],
        defaultLanguage: 'en',
      },
    );
    expect(page.html.match(/<\/script>/g)).toHaveLength(1);
    expect(page.html).not.toContain('<!--');
    expect(scriptSafeJson({ a: '&<>' })).toBe('{"a":"\\u0026\\u003c\\u003e"}');
    const json = /json">(.*)<\/script>/.exec(page.html)?.[1] ?? '';
    expect(JSON.parse(json).backendUrl).toBe(evil);
    expect(page.scriptHash).toBeUndefined();
  });

  it('injects window.__GEBERE__ before </head>, with its CSP hash, when there is no placeholder', async () => {
    const page = renderIndexHtml('<html><head><title>x</title></head></html>', {
      backendUrl: '/b',
      companionUrl: '/',
      botUsername: 'b',
      languages: ['en'],
      defaultLanguage: 'en',
    });
    expect(page.html).toMatch(/<script>window\.__GEBERE__=.*<\/script><\/head>/);
    const script = /<script>(.*?)<\/script>/.exec(page.html)?.[1] ?? '';
    const { createHash } = await import('node:crypto');
    expect(page.scriptHash).toBe(`sha256-${createHash('sha256').update(script).digest('base64')}`);
  });
});

describe('assets', () => {
  it('caches hashed assets for a year and serves the precompressed sibling', async () => {
    const plain = await app.inject({ url: `/assets/${ASSET}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(ASSET_BODY);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await app.inject({ url: `/assets/${ASSET}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET_BODY);

    const gz = await app.inject({ url: `/assets/${ASSET}`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET_BODY);
  });

  it('404s a missing asset, a missing file and unknown API paths with {detail}', async () => {
    for (const url of ['/assets/nope-123.js', '/nope.png', '/backend/api/nope/', '/tg/nope']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('answers an unknown app path with the app (404), so its router shows the not-found screen', async () => {
    for (const url of ['/no_such_screen', '/notification/update', '/record_reach/extra?lang=am']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<script id="gebere-config" type="application/json">');
    }
  });

  it('serves top-level public files with a short cache', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the service worker at the root, revalidated on every open, precompressed', async () => {
    const plain = await app.inject({ url: '/sw.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(WORKER_BODY);
    // A worker script must have a JavaScript type; a cached one would keep an old build alive.
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const br = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(WORKER_BODY);
    const again = await app.inject({
      url: '/sw.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses path traversal', async () => {
    const res = await app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect([403, 404]).toContain(res.statusCode);
  });
});
