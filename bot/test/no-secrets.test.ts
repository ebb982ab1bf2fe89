import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenPaths } from '@gebere/contract/screens';
import { startEmulator } from '@gebere/telegram-emulator';
import { describe, expect, it } from 'vitest';
import { ensureWebappBuilt, WEBAPP_BUILD_TOKEN } from '../../scripts/build-freshness.mjs';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/log';
import { startServer } from '../src/server/index';
import { freePort } from './test-kit';

const root = fileURLToPath(new URL('../..', import.meta.url));
const webapp = join(root, 'webapp');
const hasWebapp = existsSync(join(webapp, 'index.html'));
const TOKEN = '7000000042:AAH-secret-token-that-must-never-leak_x';
const API_HOST = 'api.telegram.org';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe('the bot token stays on the server', () => {
  it.skipIf(!hasWebapp)(
    'appears in no built webapp file and no response (needs webapp/index.html)',
    async () => {
      // The run's one build, made with WEBAPP_BUILD_TOKEN as its BOT_TOKEN (every build is).
      const outDir = await ensureWebappBuilt(root);
      const built = files(outDir);
      expect(built.some((f) => f.endsWith('index.html'))).toBe(true);
      for (const file of built.filter((f) => !/\.(br|gz)$/.test(f))) {
        const text = readFileSync(file).toString('latin1');
        for (const token of [WEBAPP_BUILD_TOKEN, TOKEN]) {
          expect(text, file).not.toContain(token);
          expect(text, file).not.toContain(token.split(':')[1]);
        }
        expect(text, file).not.toContain(API_HOST);
      }

      // A real-token deployment, its Bot API played by a standalone emulator on loopback.
      const telegram = await startEmulator({ token: TOKEN, limits: false });
      const config = loadConfig({
        BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        PORT: String(await freePort()),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'gebere-nosecret-')),
        ENABLE_BACKEND: 'false',
        WEBAPP_DIST: outDir,
        HOST: '127.0.0.1',
      });
      const server = await startServer(config, createLogger({ level: 'silent' }), { throttle: false });
      try {
        await server.botReady;
        const assets = built
          .filter((f) => f.includes(`${join(outDir, 'assets')}`))
          .map((f) => f.slice(outDir.length));
        const urls = [
          ...screenPaths.map((r) => r.replace(':id', '1')),
          ...assets,
          '/healthz',
          '/readyz',
          '/nope',
        ];
        for (const url of urls) {
          for (const encoding of ['identity', 'br', 'gzip']) {
            const res = await server.app.inject({ url, headers: { 'accept-encoding': encoding } });
            const blob = `${JSON.stringify(res.headers)}\n${res.rawPayload.toString('latin1')}`;
            expect(blob, url).not.toContain(TOKEN.split(':')[1]);
            expect(blob, url).not.toContain(API_HOST);
          }
        }
        const tg = await server.app.inject({ method: 'POST', url: '/tg/result', payload: { result: {} } });
        expect(tg.body).not.toContain(TOKEN.split(':')[1]);
      } finally {
        await server.stop();
        await telegram.close();
      }
    },
    180_000,
  );
});
