import { buildPath, type RouteDef, routes, toRouterPath } from '@gebere/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof, signInitData } from './test-kit/auth-headers';
import { startBackend, type TestBackend } from './test-kit/backend';
import { describeOnDatabases } from './test-kit/databases';

const table = Object.entries(routes) as Array<[string, RouteDef]>;

describeOnDatabases('every contract route is served (%s)', (kind) => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend(kind);
  });
  afterAll(() => t?.close());

  it.each(table)('%s', async (_name, def) => {
    const url = `/backend${toRouterPath(def.path)}`;
    // With ignoreTrailingSlash the router keeps one form; hasRoute matches that one.
    const forms = [url, url.endsWith('/') ? url.slice(0, -1) : `${url}/`];
    expect(forms.some((u) => t.app.hasRoute({ method: def.method, url: u }))).toBe(true);
    // Reached with a well-formed path: any answer but a missing route or a server error.
    const path = buildPath(def.path, { id: 1, user_id: 1, kind: 'roles' });
    for (const p of [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`]) {
      const r = await t.call(def.method, p, {
        headers: proof.service(),
        ...(def.body ? { body: {} } : {}),
      });
      expect(r.status, `${def.method} ${p}`).toBeLessThan(500);
      if (r.status === 404)
        expect(def.params, `${def.method} ${p} answered 404 without a path id`).toBeDefined();
    }
  });

  it.each(table.filter(([, d]) => d.policy.who !== 'public'))(
    '%s refuses a missing or forged proof (401)',
    async (_name, def) => {
      const path = buildPath(def.path, { id: 1, user_id: 1, kind: 'roles' });
      const body = def.body ? { body: {} } : {};
      const forged = { authorization: `tma ${signInitData(1, { botToken: '1:not-our-bot' })}` };
      for (const headers of [{}, forged, proof.service('guess'), proof.link(1, '/x', {}, -60)]) {
        const r = await t.call(def.method, path, { headers, ...body });
        expect(r.status, JSON.stringify(headers)).toBe(401);
        expect(r.body.detail).toMatch(/^(Authentication credentials|Invalid or expired proof)/);
      }
    },
  );

  it.each(table.filter(([, d]) => d.policy.who === 'service'))(
    '%s is for the bot only (403 for a user)',
    async (_name, def) => {
      const path = buildPath(def.path, { id: 1, user_id: 1, kind: 'roles' });
      const r = await t.call(def.method, path, {
        headers: proof.initData(1),
        ...(def.body ? { body: {} } : {}),
      });
      expect(r.status).toBe(403);
    },
  );

  it('public routes need no proof and ignore one', async () => {
    for (const [, def] of table.filter(([, d]) => d.policy.who === 'public')) {
      const path = buildPath(def.path, { id: 1, user_id: 1, kind: 'roles' });
      expect((await t.call(def.method, path)).status, def.path).not.toBe(401);
      expect(
        (await t.call(def.method, path, { headers: { authorization: 'tma forged' } })).status,
        def.path,
      ).not.toBe(401);
    }
  });

  it('also serves both slash forms when the server does not ignore trailing slashes', async () => {
    const strict = await startBackend(kind, { ignoreTrailingSlash: false });
    try {
      for (const p of [
        '/regions/',
        '/regions',
        '/api/location-notifications/by-creator/1',
        '/api/location-notifications/by-creator/1/',
      ])
        expect((await strict.call('GET', p, { headers: proof.service() })).status, p).not.toBe(404);
    } finally {
      await strict.close();
    }
  });
});
