import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  chunkFiles,
  type ScreenName,
  screenPaths,
  screens,
  type ViteManifest,
} from '@gebere/contract/screens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebappBuilt } from '../../../../../scripts/build-freshness.mjs';
import { fakeDist, testApp } from '../../../../test/test-kit';
import {
  type FirstLoadPlan,
  languagePreloads,
  preloadLinks,
  readBuild,
  routePreloads,
  type WebappBuild,
  withHeadLinks,
} from './preloads';

const FARMER = 'src/features/farmer-registration/farmer-registration-screen.tsx';
const FARMER_FORM = 'src/features/farmer-registration/farmer-form.tsx';

/** A manifest shaped like the webapp's build: entry, a screen, its lazily imported form. */
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_react-R1.js', '_i18n-I1.js'],
    css: ['assets/index-C1.css'],
  },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_i18n-I1.js': { file: 'assets/i18n-I1.js' },
  '_query-Q1.js': { file: 'assets/query-Q1.js', imports: ['_react-R1.js'] },
  '_section-S1.js': { file: 'assets/section-S1.js', css: ['assets/section-S1.css'] },
  '_src-Z1.js': { file: 'assets/src-Z1.js' },
  [FARMER]: {
    file: 'assets/farmer-registration-screen-F1.js',
    imports: ['_react-R1.js', '_query-Q1.js', 'index.html'],
    dynamicImports: [FARMER_FORM],
  },
  [FARMER_FORM]: {
    file: 'assets/farmer-form-F2.js',
    imports: ['_section-S1.js', '_query-Q1.js', '_i18n-I1.js'],
    dynamicImports: ['src/features/farmer-registration/form-schema.ts'],
  },
  'src/features/farmer-registration/form-schema.ts': {
    file: 'assets/form-schema-Z2.js',
    imports: ['_src-Z1.js'],
  },
  'src/features/home/home-screen.tsx': { file: 'assets/home-screen-H1.js', imports: ['index.html'] },
  'src/lib/resources-am.ts': { file: 'assets/resources-am-A1.js' },
  'src/lib/resources-om.ts': { file: 'assets/resources-om-O1.js' },
};

/** The plan the webapp build writes beside it: the farmer screen, home, Amharic and Afaan Oromo. */
const plan: FirstLoadPlan = {
  screens: {
    home: { paths: ['/', '/index.html'], modules: ['src/features/home/home-screen.tsx'] },
    farmerRegistration: { paths: ['/farmer_registration'], modules: [FARMER, FARMER_FORM] },
    feedback: { paths: ['/feedback'], modules: ['src/features/feedback/feedback-screen.tsx'] },
  },
  languages: { am: ['src/lib/resources-am.ts'], om: ['src/lib/resources-om.ts'] },
};
const build: WebappBuild = { manifest, plan };

const hrefs = (html: string) =>
  [...html.matchAll(/<link rel="([^"]+)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

describe('preloadLinks', () => {
  it('names the screen, its form and their static imports once, not what index.html has, not the lazy schema', () => {
    expect(hrefs(preloadLinks(manifest, [FARMER, FARMER_FORM]))).toEqual([
      'modulepreload /assets/farmer-registration-screen-F1.js',
      'modulepreload /assets/query-Q1.js',
      'modulepreload /assets/farmer-form-F2.js',
      'modulepreload /assets/section-S1.js',
      'preload /assets/section-S1.css',
    ]);
    const links = preloadLinks(manifest, [FARMER, FARMER_FORM]);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/farmer-form-F2.js">');
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/section-S1.css">');
  });

  it('adds nothing for modules the manifest does not have, or that only need the entry', () => {
    expect(preloadLinks(manifest, ['src/features/nope.tsx'])).toBe('');
    expect(preloadLinks(manifest, [])).toBe('');
    expect(hrefs(preloadLinks(manifest, ['src/features/home/home-screen.tsx']))).toEqual([
      'modulepreload /assets/home-screen-H1.js',
    ]);
  });

  it('maps each screen’s paths from the plan once, and nothing without a build', () => {
    const map = routePreloads(build);
    expect(map.get('/farmer_registration')).toBe(preloadLinks(manifest, [FARMER, FARMER_FORM]));
    expect(map.get('/')).toContain('home-screen-H1.js');
    expect(map.get('/index.html')).toBe(map.get('/'));
    // In the plan, not in this manifest; not in the plan at all.
    expect(map.has('/feedback')).toBe(false);
    expect(map.has('/record_reach')).toBe(false);
    expect(routePreloads(undefined).size).toBe(0);
    expect(hrefs(languagePreloads(build, 'am'))).toEqual(['modulepreload /assets/resources-am-A1.js']);
    expect(hrefs(languagePreloads(build, 'om'))).toEqual(['modulepreload /assets/resources-om-O1.js']);
    expect(languagePreloads(build, 'ti')).toBe('');
    expect(languagePreloads(undefined, 'am')).toBe('');
  });

  it('puts the links just before </head>', () => {
    expect(withHeadLinks('<head><title>x</title></head><body>', '<link>')).toBe(
      '<head><title>x</title><link></head><body>',
    );
    expect(withHeadLinks('<head></head>', '')).toBe('<head></head>');
  });
});

describe('served documents', () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  beforeAll(async () => {
    const distDir = fakeDist();
    mkdirSync(join(distDir, '.vite'));
    writeFileSync(join(distDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readBuild(distDir)).toBeUndefined(); // a manifest without its plan is no build to read
    writeFileSync(join(distDir, '.vite', 'first-load.json'), JSON.stringify(plan));
    expect(readBuild(distDir)).toEqual(build);
    ({ app } = await testApp({
      static: {
        distDir,
        runtimeConfig: () => ({
          backendUrl: '/backend',
          companionUrl: '/',
          botUsername: 'b',
          languages: ['en', 'am'],
          defaultLanguage: 'en',
        }),
        csp: { connectSrc: [], frameAncestors: [] },
      },
    }));
  });
  afterAll(() => app.close());

  it('each route names its own screen chunks; the document stays no-cache', async () => {
    const farmer = await app.inject({ url: '/farmer_registration?da_id=1&kebele_id=2' });
    expect(farmer.statusCode).toBe(200);
    expect(farmer.headers['cache-control']).toBe('no-cache');
    expect(hrefs(farmer.body)).toEqual(hrefs(preloadLinks(manifest, [FARMER, FARMER_FORM])));
    expect(farmer.body).toMatch(/farmer-form-F2\.js">[\s\S]*<\/head>/);
    expect(farmer.body).toContain('"backendUrl":"/backend"');

    const home = await app.inject({ url: '/' });
    expect(hrefs(home.body)).toEqual(['modulepreload /assets/home-screen-H1.js']);
    expect(home.headers.etag).not.toBe(farmer.headers.etag);

    // A route whose screen is not in this manifest gets no links at all.
    const feedback = await app.inject({ url: '/feedback' });
    expect(feedback.statusCode).toBe(200);
    expect(hrefs(feedback.body)).toEqual([]);
  });

  it('a link in Amharic (lang=am) or Afaan Oromo (lang=om) also names its texts; English ones do not', async () => {
    const am = await app.inject({ url: '/farmer_registration?da_id=1&kebele_id=2&lang=am' });
    expect(hrefs(am.body)).toEqual([
      ...hrefs(preloadLinks(manifest, [FARMER, FARMER_FORM])),
      'modulepreload /assets/resources-am-A1.js',
    ]);
    for (const url of ['/farmer_registration?lang=en', '/farmer_registration', '/?lang=ti'])
      expect((await app.inject({ url })).body, url).not.toMatch(/resources-(am|om)/);
    expect((await app.inject({ url: '/?lang=am-ET' })).body).toContain('resources-am-A1.js');
    const om = await app.inject({ url: '/farmer_registration?da_id=1&kebele_id=2&lang=om' });
    expect(hrefs(om.body)).toEqual([
      ...hrefs(preloadLinks(manifest, [FARMER, FARMER_FORM])),
      'modulepreload /assets/resources-om-O1.js',
    ]);
    expect(om.headers.etag).not.toBe(
      (await app.inject({ url: '/farmer_registration?lang=am' })).headers.etag,
    );
  });

  // The service worker keeps the root's document as the one offline shell of every screen
  // (webapp/src/sw/): that holds only while a route's document differs from it in preloads alone.
  it('every screen’s document, in every language, is the root’s but for its preload links', async () => {
    const bare = (html: string) => html.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
    const root = await app.inject({ url: '/' });
    for (const path of screenPaths.map((p) => p.replace(':id', '7')))
      for (const lang of ['', '&lang=am', '&lang=om']) {
        const res = await app.inject({ url: `${path}?da_id=1&kebele_id=2${lang}` });
        expect(res.statusCode, path).toBe(200);
        expect(bare(res.body), `${path} ${lang}`).toBe(bare(root.body));
        expect(res.headers['content-security-policy']).toBe(root.headers['content-security-policy']);
      }
  });

  it('unknown paths get the not-found document without any screen preloads', async () => {
    const res = await app.inject({ url: '/no_such_screen' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('modulepreload');
  });
});

describe('the current webapp build', () => {
  const root = fileURLToPath(new URL('../../../../../', import.meta.url));
  const webapp = join(root, 'webapp');
  let built: WebappBuild;
  // Built here when missing or older than its sources (the rule of `npm start`), never skipped.
  beforeAll(async () => {
    const dist = await ensureWebappBuilt(root);
    const read = readBuild(dist);
    if (!read) throw new Error(`no manifest and first-load plan in ${dist}`);
    built = read;
  }, 240_000);

  it('plans every screen of the registry; every planned module is a chunk, and none preloads zod', () => {
    expect(Object.keys(built.plan.screens).sort()).toEqual(Object.keys(screens).sort());
    for (const name of Object.keys(screens) as ScreenName[]) {
      const modules = built.plan.screens[name]?.modules ?? [];
      expect(modules.length, name).toBe(1 + screens[name].firstLoad.modules.length);
      for (const m of modules) expect(built.manifest[m], `${name}: ${m}`).toBeDefined();
      const links = preloadLinks(built.manifest, modules);
      expect(links, name).not.toMatch(/\/assets\/(src|api-client|form-schema)-/);
    }
    for (const lang of ['am', 'om']) {
      expect(built.plan.languages[lang], lang).toHaveLength(1);
      for (const m of built.plan.languages[lang] ?? []) expect(built.manifest[m], m).toBeDefined();
    }
    // Over HTTP/1.1 (6 connections) on 3G every file of the farmer form's first load costs a
    // queued round trip, and the early groups GET needs a free connection when its script
    // arrives: the shell is one chunk beside the bundler's runtime, the dependencies and the
    // early GET's own chunk; the farmer screen adds three files at most.
    const shell = built.manifest['index.html'];
    expect(1 + (shell?.imports?.length ?? 0)).toBeLessThanOrEqual(4);
    const farmer = routePreloads(built).get(screens.farmerRegistration.path);
    expect(farmer?.match(/<link /g)?.length).toBeLessThanOrEqual(3);
    // The early GET's script is in the document, before the app's own files.
    const html = readFileSync(join(webapp, 'dist', 'index.html'), 'utf8');
    const early = built.manifest['src/app/early.ts']?.file;
    expect(early).toBeDefined();
    expect(html).toContain(`<script type="module" async crossorigin src="/${early}"></script>`);
  });

  it('loads the Amharic and Afaan Oromo texts lazily: in no first load but their own', () => {
    const closure = (key: string, files?: Set<string>) => chunkFiles(built.manifest, key, files);
    const firstLoads = [
      closure('index.html'),
      ...Object.values(built.plan.screens).map((s) => {
        const files = new Set<string>();
        for (const m of s?.modules ?? []) closure(m, files);
        return files;
      }),
    ];
    for (const lang of ['am', 'om']) {
      const [module] = built.plan.languages[lang] ?? [];
      const file = module && built.manifest[module]?.file;
      expect(file, lang).toMatch(/^assets\/.+\.js$/);
      for (const files of firstLoads)
        expect(files.has(file as string), `${lang} in a first load`).toBe(false);
    }
  });

  it('keeps every screen within 110 KB (JS + CSS, brotli) on its first load', async () => {
    // Counted as the budget's own script counts: the shell and the screen module with its static
    // imports (what the route needs before it can show).
    const script = pathToFileURL(join(webapp, 'scripts', 'first-load-bytes.ts')).href;
    const { measureFirstLoad } = (await import(script)) as {
      measureFirstLoad: () => { am: number; om: number; routes: Array<{ route: string; first: number }> };
    };
    const { am, om, routes } = measureFirstLoad();
    // A language's texts, added to the first load only in that language: a few KB each.
    for (const bytes of [am, om]) expect(bytes).toBeGreaterThan(1024);
    for (const bytes of [am, om]) expect(bytes).toBeLessThanOrEqual(16 * 1024);
    expect(routes.map((r) => r.route).sort()).toEqual(
      Object.values(screens)
        .map((s) => s.path)
        .sort(),
    );
    for (const { route, first } of routes)
      expect(first, `${route}: ${(first / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(110 * 1024);
  });
});
