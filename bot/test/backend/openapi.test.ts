import { routes } from '@gebere/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type TestBackend } from './test-kit/backend';

describe('OpenAPI', () => {
  let t: TestBackend;
  beforeAll(async () => {
    t = await startBackend('pglite');
  });
  afterAll(() => t?.close());

  it('describes every contract route at /backend/docs/openapi.json', async () => {
    const r = await t.call('GET', '/docs/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    for (const [name, def] of Object.entries(routes)) {
      const op = r.body.paths[def.path]?.[def.method.toLowerCase()];
      expect(op, name).toMatchObject({ operationId: name, summary: def.summary, 'x-policy': def.policy });
      if (def.body) expect(op.requestBody.content['application/json'].schema, name).toBeTruthy();
    }
    const farmer = r.body.paths['/api/farmer-profiles/'].post.requestBody.content['application/json'].schema;
    // Spec §3's three variants, the new group also as older apps sent it.
    expect(farmer.anyOf).toHaveLength(4);
    // Late sync: the keyed writes an outbox sends say so, with their capture-time header: the
    // creates, and a DA's corrections (a farmer's, a retirement, a take-back).
    const late = Object.entries(routes)
      .filter(([, def]) => def.policy.lateSync)
      .map(([name]) => name)
      .sort();
    expect(late).toEqual([
      'createAdoption',
      'createAdoptionBatch',
      'createDevelopmentGroup',
      'createFarmer',
      'createFeedback',
      'createReach',
      'createReachBatch',
      'retireFarmer',
      'takeBackAdoption',
      'takeBackReach',
      'updateFarmer',
    ]);
    const captured = expect.objectContaining({ name: 'X-Captured-At', in: 'header' });
    expect(r.body.paths['/api/farmer-profiles/'].post.parameters).toContainEqual(captured);
    expect(r.body.paths['/api/farmer-profiles/'].get.parameters).not.toContainEqual(captured);
    const zones = r.body.paths['/zones/'].get.parameters;
    // The parent, or one area's code: each optional, one of them required (said in the summary).
    expect(zones).toContainEqual(expect.objectContaining({ name: 'region', in: 'query', required: false }));
    expect(zones).toContainEqual(expect.objectContaining({ name: 'code', in: 'query', required: false }));
  });

  it('serves a plain HTML page listing the routes', async () => {
    const r = await t.call('GET', '/docs');
    expect(r.raw.headers['content-type']).toMatch(/text\/html/);
    expect(r.raw.body).toContain('/api/farmer-profiles/');
    expect(r.raw.body).toContain('/backend/docs/openapi.json');
  });
});
