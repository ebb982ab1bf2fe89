import type * as Registry from '@gebere/contract/screens';
import type { FirstLoadFile, ScreenName } from '@gebere/contract/screens';
import { type Plugin, runnerImport } from 'vite';

/**
 * The first-load plan of each screen (the contract's screen registry: its view folder and the
 * modules it loads beside its data) turned into what the build and the server need:
 *
 * - the chunk groups, derived from the module graph rather than named by file: the early GET's
 *   entry and what it imports (one small file of its own, or the shell would take it and the
 *   early script would wait for the whole shell); the first load's dependencies (one long-cached
 *   `vendor` file); the shell (the entries' own code); the `withShell` exports join these two;
 *   and the kit most screens' declared modules share and no screen module imports (the form kit:
 *   one file beside the screen, and none of it on a first load);
 * - `dist/.vite/first-load.json`: per screen, its paths and the Vite manifest keys of its
 *   screen module and declared modules; per lazily loaded language, its module's key. The
 *   server preloads them with the document (bot/src/server/routes/static/preloads.ts), the byte budget
 *   counts them (scripts/first-load-bytes.ts): neither knows the webapp's source layout.
 *
 * A declared module that is not a chunk of its own (not a dynamic import of its screen) fails
 * the build: the server could not preload it. The registry is TypeScript in a workspace package,
 * which the config's loader leaves to Node: this file imports only its types, and the build
 * reads it through Vite's module runner.
 */

export interface FirstLoadPlanOptions {
  /** The webapp's root (where vite.config.ts is). */
  root: string;
  /** The early GET's entry, relative to root. */
  earlyEntry: string;
  /** Lazily loaded languages: their resource module, relative to root. */
  languages: Record<string, string>;
  /**
   * Exports of packages that most screens use, by package: they join the first load (a
   * dependency's with the other dependencies, a workspace package's with the shell) rather than
   * a chunk of their own that most screens would fetch after it.
   */
  withShell: Record<string, readonly string[]>;
}

interface Graph {
  early: Set<string>;
  initial: Set<string>;
  withShell: Set<string>;
  kit: Set<string>;
}

const isDependency = (id: string) => id.includes('/node_modules/');
const isScript = (id: string) => !id.endsWith('.css') && !id.includes('.css?');

type Screens = typeof Registry.screens;

/** A screen's module and its declared ones, relative to the webapp's root. */
export function screenModules(screens: Screens, name: ScreenName): string[] {
  const { view, firstLoad } = screens[name];
  const folder = `src/features/${view}`;
  return [`${folder}/${view}-screen.tsx`, ...firstLoad.modules.map((m) => `${folder}/${m}`)];
}

/** The contract's screen registry module, loaded as the webapp sees it. */
export async function loadRegistry(root: string): Promise<typeof Registry> {
  const { module } = await runnerImport<typeof Registry>('@gebere/contract/screens', {
    configFile: false,
    root,
    logLevel: 'silent',
  });
  return module;
}

export function firstLoadPlan(options: FirstLoadPlanOptions) {
  const absolute = (path: string) => `${options.root.replace(/\/$/, '')}/${path}`;
  let loaded: typeof Registry | undefined;
  let packages = new Map<string, string>();
  let graph: Graph | undefined;
  const registry = () => {
    if (!loaded) throw new Error('first-load plan: the screen registry is not loaded yet');
    return loaded;
  };
  const sets = () => {
    if (!graph) throw new Error('first-load plan: the module graph is not read yet');
    return graph;
  };

  const plugin: Plugin = {
    name: 'gebere-first-load-plan',
    apply: 'build',
    async buildStart() {
      loaded = await loadRegistry(options.root);
      packages = new Map();
      for (const name of Object.keys(options.withShell)) {
        const resolved = await this.resolve(name, absolute('index.html'));
        if (!resolved) this.error(`first-load plan: cannot resolve ${name}`);
        packages.set(name, resolved.id);
      }
    },
    buildEnd(error) {
      if (error) return;
      const { screens } = registry();
      // Static imports of the app's own code, and the dependencies it imports directly; not
      // inside dependencies: a package's index names every export, used or not, while the
      // bundler keeps only what is used (and `vendor` takes the first load's part of them).
      const imports = (id: string) => (isDependency(id) ? [] : (this.getModuleInfo(id)?.importedIds ?? []));
      const closure = (roots: Iterable<string>, into = new Set<string>()) => {
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...imports(id));
        }
        return into;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = closure(entries);
      const known = (path: string) => {
        const id = absolute(path);
        if (!this.getModuleInfo(id)) this.error(`first-load plan: ${path} is not in the build`);
        return id;
      };
      const early = closure([known(options.earlyEntry)]);

      // Per view (two screens may share one), what its screen module and its declared modules
      // add to the shell.
      const views = new Map<string, { first: Set<string>; later: Set<string> }>();
      for (const name of Object.keys(screens) as ScreenName[]) {
        const [screen, ...declared] = screenModules(screens, name).map(known) as [string, ...string[]];
        const first = closure([screen]);
        const later = closure(declared);
        for (const id of initial) first.delete(id);
        for (const id of [...initial, ...first]) later.delete(id);
        views.set(screens[name].view, { first, later });
      }
      const count = (pick: (v: { first: Set<string>; later: Set<string> }) => Iterable<string>) => {
        const n = new Map<string, number>();
        for (const v of views.values()) for (const id of new Set(pick(v))) n.set(id, (n.get(id) ?? 0) + 1);
        return n;
      };
      const anyScreen = count((v) => v.first);
      const onLater = count((v) => v.later);
      const withLater = [...views.values()].filter((v) => v.later.size > 0).length;
      const kit = new Set(
        [...onLater]
          .filter(([id, n]) => n >= Math.ceil(withLater / 2) && !anyScreen.has(id))
          .map(([id]) => id),
      );
      // A package's export → the module that defines it: among the modules its index reaches
      // (`export *` chains name nothing themselves), the one exporting it that re-exports it
      // from none of its imports.
      const definer = (index: string, name: string) => {
        const exporting = (id: string) => this.getModuleInfo(id)?.exports.includes(name) ?? false;
        const reached = new Set<string>();
        const stack = [index];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        const found = [...reached].filter(
          (id) => exporting(id) && !(this.getModuleInfo(id)?.importedIds ?? []).some(exporting),
        );
        if (found.length !== 1) this.error(`first-load plan: ${index} defines ${name} ${found.length} times`);
        return found[0] as string;
      };
      const withShell = new Set(
        Object.entries(options.withShell).flatMap(([pkg, names]) =>
          names.map((name) => definer(packages.get(pkg) as string, name)),
        ),
      );
      graph = { early, initial, withShell, kit };
    },
    generateBundle(_options, bundle) {
      const { screens, FIRST_LOAD_FILE } = registry();
      // Each declared module must be a chunk of its own: that is what the server preloads.
      const facades = new Set(
        Object.values(bundle).flatMap((c) =>
          c.type === 'chunk' && c.facadeModuleId ? [c.facadeModuleId] : [],
        ),
      );
      const chunkOf = (path: string) => {
        if (!facades.has(absolute(path)))
          this.error(`first-load plan: ${path} is not a chunk of its own (is it a dynamic import?)`);
        return path;
      };
      const file: FirstLoadFile = {
        screens: Object.fromEntries(
          (Object.keys(screens) as ScreenName[]).map((name) => [
            name,
            {
              paths: [screens[name].path, ...(screens[name].aliases ?? [])],
              modules: screenModules(screens, name).map(chunkOf),
            },
          ]),
        ) as FirstLoadFile['screens'],
        languages: Object.fromEntries(
          Object.entries(options.languages).map(([lang, path]) => [lang, [chunkOf(path)]]),
        ),
      };
      this.emitFile({
        type: 'asset',
        fileName: FIRST_LOAD_FILE,
        source: `${JSON.stringify(file, null, 2)}\n`,
      });
    },
  };

  /** The chunk groups (rolldown `output.codeSplitting.groups`), highest priority first. */
  const chunkGroups = [
    { name: 'early', test: (id: string) => sets().early.has(id), priority: 4 },
    {
      name: 'vendor',
      test: (id: string) =>
        isDependency(id) && isScript(id) && (sets().initial.has(id) || sets().withShell.has(id)),
      priority: 3,
    },
    { name: 'shell', test: (id: string) => sets().initial.has(id) || sets().withShell.has(id), priority: 2 },
    { name: 'forms', test: (id: string) => sets().kit.has(id), priority: 1 },
  ];

  return { plugin, chunkGroups };
}
