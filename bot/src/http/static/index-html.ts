import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@gebere/contract';

/**
 * Where the webapp's index.html wants the runtime settings. Without the marker the script goes
 * right before `</head>` (module scripts run after parsing, so any head position is early enough).
 */
export const RUNTIME_CONFIG_PLACEHOLDER = '<!--gebere:runtime-config-->';

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
  /** CSP source for the inline script, e.g. `sha256-…` (without quotes). */
  scriptHash: string;
  etag: string;
  /** Precompressed bodies, made once per rendering (the document is tiny but sent often). */
  br: Buffer;
  gzip: Buffer;
}

export function renderIndexHtml(template: string, settings: RuntimeConfig): RenderedIndex {
  const script = `window.${RUNTIME_CONFIG_GLOBAL}=${scriptSafeJson(settings)};`;
  const tag = `<script>${script}</script>`;
  const html = template.includes(RUNTIME_CONFIG_PLACEHOLDER)
    ? template.replace(RUNTIME_CONFIG_PLACEHOLDER, () => tag)
    : template.includes('</head>')
      ? template.replace('</head>', () => `${tag}</head>`)
      : `${tag}${template}`;
  const body = Buffer.from(html);
  return {
    html,
    scriptHash: `sha256-${createHash('sha256').update(script).digest('base64')}`,
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
