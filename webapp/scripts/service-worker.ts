import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import type { Precache } from '../src/sw/routing.ts';
import { loadRegistry } from './first-load-plan.ts';

/** The worker's source (a build of its own: a worker cannot share the app's chunks). */
export const WORKER_ENTRY = 'src/sw/service-worker.ts';

/**
 * Writes dist/sw.js once the app's files are written: the worker (src/sw/) with this build's
 * precache list built in, so its bytes change, and the browser installs it anew, exactly when
 * the build does. The list is every hashed file of the build (every screen's and language's
 * chunks and CSS) and its version a hash of their names, which carry their contents' hashes.
 */
export function serviceWorker(): Plugin {
  let base = '/';
  let root = '';
  let outDir = '';
  return {
    name: 'gebere-service-worker',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const names = Object.keys(bundle)
        .filter((name) => /^assets\/.+\.(js|css)$/.test(name))
        .sort();
      const entry = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith('index.html'),
      );
      if (!entry) throw new Error('build has no index.html entry chunk');
      const precache: Precache = {
        version: createHash('sha256').update(names.join('\n')).digest('base64url').slice(0, 12),
        files: names.map((name) => `${base}${name}`),
        entry: `${base}${entry.fileName}`,
      };
      const out = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: { __GEBERE_PRECACHE__: JSON.stringify(precache) },
        build: {
          write: false,
          target: 'es2020',
          minify: true,
          lib: { entry: join(root, WORKER_ENTRY), formats: ['iife'], name: 'gebereWorker' },
        },
      });
      const output = (Array.isArray(out) ? out[0] : out) as {
        output: Array<{ type: string; code?: string }>;
      };
      const code = output.output.find((o) => o.type === 'chunk')?.code;
      if (!code) throw new Error(`${WORKER_ENTRY} built to nothing`);
      const { SERVICE_WORKER_FILE } = await loadRegistry(root); // TypeScript: not importable here
      // outDir may be absolute (`vite build --outDir /tmp/…`): resolve, never join.
      await writeFile(resolve(root, outDir, SERVICE_WORKER_FILE), code);
    },
  };
}
