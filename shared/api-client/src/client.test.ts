import { describe, expect, it } from 'vitest';
import { createApiClient } from './index';

type Seen = { url: string; init: RequestInit };

function fakeFetch(respond: (seen: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const seen = { url: String(url), init: init ?? {} };
    calls.push(seen);
    return respond(seen);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const group = { id: 4, group_name: 'Tesfa', group_type: 'mixed', kebele: 9, created_by: 2 };

describe('api client', () => {
  it('builds URLs from the route table with query, proof and language headers', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, [group]));
    const api = createApiClient({
      baseUrl: 'https://x.test/backend/',
      fetch,
      authorization: () => 'link /record_reach?tg=1&exp=2&sig=abc',
      language: () => 'am',
    });
    const r = await api.call('listDevelopmentGroups', { query: { kebele: 9, paginate: 'false' } });
    expect(r).toEqual({ ok: true, status: 200, data: [group] });
    expect(calls[0]?.url).toBe('https://x.test/backend/api/development-groups/?kebele=9&paginate=false');
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('link /record_reach?tg=1&exp=2&sig=abc');
    expect(headers['Accept-Language']).toBe('am');
  });

  it('sends JSON bodies and fills path params', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { ...group }));
    const api = createApiClient({ baseUrl: '/backend', fetch });
    await api.call('getDevelopmentGroup', { params: { id: 4 } });
    expect(calls[0]?.url).toBe('/backend/api/development-groups/4/');
    await api.call('createDevelopmentGroup', {
      body: { kebele: 9, created_by: 2, group_name: 'Tesfa', group_type: 'mixed' },
    });
    expect(calls[1]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[1]?.init.body))).toMatchObject({ group_name: 'Tesfa' });
  });

  it('returns 400 field errors joined with ", " instead of throwing', async () => {
    const { fetch } = fakeFetch(() =>
      json(400, { phone_number: ['Required', 'Phone number must start with 09 or 07 and have 10 digits'] }),
    );
    const r = await createApiClient({ baseUrl: '', fetch }).call('getDevelopmentGroup', {
      params: { id: 1 },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'Request failed with status code 400',
      fieldErrors: { phone_number: 'Required, Phone number must start with 09 or 07 and have 10 digits' },
    });
  });

  it('a possible duplicate: its question as the message, the farmer found beside it, no field errors', async () => {
    const duplicate_of = {
      id: 12,
      farmer_name: 'Çalé',
      father_name: 'Kebede',
      grand_father_name: 'Dinsa',
      development_group: 4,
      group_name: 'Tesfa',
    };
    const question =
      'Çalé Kebede Dinsa is already registered in this kebele, in the development group Tesfa. Register anyway?';
    const { fetch, calls } = fakeFetch(() =>
      json(400, { non_field_errors: [question], error_code: 'possible_duplicate', duplicate_of }),
    );
    const body = {
      farmer_name: 'cale',
      father_name: 'Kebede',
      grand_father_name: 'Dinsa',
      phone_number: '911223344',
      gender: 'female' as const,
      created_by: 2,
      kebele: 9,
      development_group: 4,
    };
    const api = createApiClient({ baseUrl: '', fetch });
    const r = await api.call('createFarmer', { body });
    expect(!r.ok && r.error).toEqual({
      kind: 'http',
      status: 400,
      message: question,
      fieldErrors: { non_field_errors: question },
      errorCode: 'possible_duplicate',
      duplicateOf: duplicate_of,
    });
    // The screen's "register anyway" sends the same farmer with the confirmation.
    await api.call('createFarmer', { body: { ...body, register_anyway: true } });
    expect(JSON.parse(String(calls[1]?.init.body))).toMatchObject({ register_anyway: true });
  });

  it('returns {detail} errors with their status', async () => {
    const { fetch } = fakeFetch(() => json(404, { detail: 'Not found.' }));
    const r = await createApiClient({ baseUrl: '', fetch }).call('getDevelopmentGroup', {
      params: { id: 1 },
    });
    expect(!r.ok && r.error).toMatchObject({ status: 404, detail: 'Not found.', message: 'Not found.' });
  });

  it('names transport failures as the spec does', async () => {
    const network = createApiClient({
      baseUrl: '',
      fetch: fakeFetch(() => Promise.reject(new TypeError('fetch failed'))).fetch,
    });
    const r1 = await network.call('listRegions', {});
    expect(!r1.ok && r1.error).toMatchObject({ kind: 'network', status: null, message: 'Network Error' });

    const never = fakeFetch(
      ({ init }) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const slow = createApiClient({ baseUrl: '', fetch: never.fetch, timeoutMs: 20 });
    const r2 = await slow.call('listRegions', {});
    expect(!r2.ok && r2.error).toMatchObject({ kind: 'timeout', message: 'timeout of 20ms exceeded' });

    const controller = new AbortController();
    const pending = createApiClient({ baseUrl: '', fetch: never.fetch }).call('listRegions', {
      signal: controller.signal,
    });
    controller.abort();
    const r3 = await pending;
    expect(!r3.ok && r3.error).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });

  it('flags a response that breaks the contract', async () => {
    const { fetch } = fakeFetch(() => json(200, [{ id: 'x' }]));
    const r = await createApiClient({ baseUrl: '', fetch }).call('listRegions', {});
    expect(!r.ok && r.error.kind).toBe('invalid_response');
  });

  it('sends Idempotency-Key only when the call has one', async () => {
    const { fetch, calls } = fakeFetch(() => json(201, group));
    const api = createApiClient({ baseUrl: '', fetch });
    const body = { kebele: 9, created_by: 2, group_name: 'Tesfa', group_type: 'mixed' as const };
    await api.call('createDevelopmentGroup', { body, idempotencyKey: 'k-1' });
    await api.call('createDevelopmentGroup', { body });
    const sent = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(sent).toEqual(['k-1', undefined]);
  });
});
