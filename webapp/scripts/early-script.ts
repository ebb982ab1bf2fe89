import type { Plugin } from 'vite';

/** The second build entry: the launch screen's early GET (src/app/early.ts). */
export const EARLY_ENTRY = 'src/app/early.ts';

/** Where the tag goes: right after the runtime settings, which the early script reads. */
const CONFIG_SCRIPT = /(<script id="gebere-config"[^>]*>[\s\S]*?<\/script>)/;

/**
 * Vite folds every module script of index.html into one entry, so the early entry is a build
 * input of its own (vite.config.ts) and this adds its `<script type="module" async>` to the
 * built index.html: fetched with the document's other files and run as soon as it arrives,
 * without waiting for the app's chunks (which also import it: the module runs once). An
 * external script, as the CSP forbids inline ones. Dev has no such chunk: main.tsx imports it.
 */
export function earlyScript(): Plugin {
  let base = '/';
  return {
    name: 'gebere-early-script',
    apply: 'build',
    configResolved(config) {
      base = config.base; // where the build's other chunks are served from (vite.config.ts)
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(EARLY_ENTRY),
        );
        if (!chunk) throw new Error(`build has no ${EARLY_ENTRY} entry chunk`);
        if (!CONFIG_SCRIPT.test(html)) throw new Error('index.html has no gebere-config script');
        const tag = `<script type="module" async crossorigin src="${base}${chunk.fileName}"></script>`;
        return html.replace(CONFIG_SCRIPT, (m) => `${m}\n    ${tag}`);
      },
    },
  };
}
