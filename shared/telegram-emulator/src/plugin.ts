import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { botApiRoutes } from './bot-api/routes.js';
import type { Emulator } from './emulator.js';
import { pageApiRoutes } from './page-api.js';

const PAGE_FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'render.js': 'text/javascript; charset=utf-8',
  'miniapp-host.js': 'text/javascript; charset=utf-8',
  'client.js': 'text/javascript; charset=utf-8',
  'style.css': 'text/css; charset=utf-8',
};

function loadPage(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of Object.keys(PAGE_FILES)) {
    files.set(name, readFileSync(new URL(`./page/${name}`, import.meta.url), 'utf8'));
  }
  return files;
}

/** Everything the emulator serves, under whatever prefix the host registers it with. */
export async function emulatorRoutes(app: FastifyInstance, emu: Emulator): Promise<void> {
  await app.register(async (scope) => botApiRoutes(scope, emu));
  await app.register(async (scope) => pageApiRoutes(scope, emu));
  const files = loadPage();
  for (const [name, type] of Object.entries(PAGE_FILES)) {
    app.get(`/${name}`, (_req, reply) =>
      reply.type(type).header('cache-control', 'no-store').send(files.get(name)),
    );
  }
  app.get('/', (req, reply) => {
    // The page uses relative URLs, so it must be served from a path ending in '/'.
    const path = req.url.split('?')[0] ?? '';
    if (!path.endsWith('/')) return reply.redirect(`${path}/${req.url.slice(path.length)}`);
    return reply
      .type(PAGE_FILES['index.html'] as string)
      .header('cache-control', 'no-store')
      .send(files.get('index.html'));
  });
  // A host closing its server ends the long poll and stops webhook delivery with it.
  app.addHook('preClose', (done) => {
    emu.close();
    done();
  });
}

export interface EmulatorPluginOptions {
  emulator: Emulator;
}

/**
 * For a host server: `app.register(emulatorPlugin, { prefix: '/emulator', emulator })`, then
 * TELEGRAM_API_ROOT = `http://host:port/emulator` and the chat page is at `/emulator/`.
 */
export const emulatorPlugin: FastifyPluginAsync<EmulatorPluginOptions> = async (app, opts) =>
  emulatorRoutes(app, opts.emulator);
