import fp from 'fastify-plugin';

/** Telegram's web clients (web.telegram.org/k and /a) frame the mini-app in an iframe. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];

export interface CspOptions {
  /** `'sha256-…'` sources of the inline scripts the document carries (the runtime config). */
  scriptHashes: string[];
  /** Origins the app calls besides its own (the backend when it lives elsewhere). */
  connectSrc: string[];
  /** Origins allowed to frame the app besides Telegram's and its own (the emulator's page). */
  frameAncestors: string[];
}

export function origin(url: string): string {
  return new URL(url).origin;
}

/**
 * The mini-app document's policy. Scripts only from this origin plus the hashed inline config;
 * styles allow inline because Telegram UI and the SDK set CSS variables in style attributes;
 * images allow https: for Telegram profile photos. No X-Frame-Options: frame-ancestors rules.
 */
export function contentSecurityPolicy(options: CspOptions): string {
  const unique = (list: string[]) => [...new Set(list)].join(' ');
  const directives: Record<string, string> = {
    'default-src': "'self'",
    'script-src': unique(["'self'", ...options.scriptHashes.map((h) => `'${h}'`)]),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': "'self' data: blob: https:",
    'font-src': "'self' data:",
    'connect-src': unique(["'self'", ...options.connectSrc]),
    'frame-ancestors': unique(["'self'", ...TELEGRAM_FRAME_ANCESTORS, ...options.frameAncestors]),
    'base-uri': "'self'",
    'form-action': "'self'",
    'object-src': "'none'",
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ');
}

/**
 * Headers every response gets. The CSP itself is set by the document routes (it carries the
 * hash of the injected config); JSON and files need only these.
 */
export const securityHeaders = fp<{ https: boolean }>(
  async (app, { https }) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('cross-origin-resource-policy', 'same-site');
      if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      return payload;
    });
  },
  { name: 'gebere-security-headers' },
);
