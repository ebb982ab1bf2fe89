import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@gebere/contract';

/**
 * The webapp's index.html carries `<script id="gebere-config" type="application/json">` with this
 * marker inside: the server puts the JSON there. A data block is not executed, so the CSP needs no
 * exception for it. A template without the marker gets `window.__GEBERE__ = …` in an inline
 * script before `</head>` instead, allowed by its hash.
 */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--gebere-runtime-config-->';

/**
 * JSON that is safe inside `<script>`: `<`, `>` and `&` escaped so no value can close the script
 * element or open a comment, and U+2028/2029 escaped for old JavaScript parsers.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface RenderedIndex {
  html: string;
  /** CSP source for the inline script, e.g. `sha256-…` (without quotes); none for a data block. */
  scriptHash: string | undefined;
  etag: string;
  /** Precompressed bodies, made once per rendering (the document is tiny but sent often). */
  br: Buffer;
  gzip: Buffer;
}

export function renderIndexHtml(template: string, settings: RuntimeConfig): RenderedIndex {
  const json = scriptSafeJson(settings);
  let html: string;
  let scriptHash: string | undefined;
  if (template.includes(RUNTIME_CONFIG_PLACEHOLDER)) {
    html = template.replace(RUNTIME_CONFIG_PLACEHOLDER, () => json);
  } else {
    const script = `window.${RUNTIME_CONFIG_GLOBAL}=${json};`;
    const tag = `<script>${script}</script>`;
    html = template.includes('</head>')
      ? template.replace('</head>', () => `${tag}</head>`)
      : `${tag}${template}`;
    scriptHash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
  }
  const body = Buffer.from(html);
  return {
    html,
    scriptHash,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** br, else gzip, else identity, by the request's Accept-Encoding (q=0 means refused). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name) accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}
