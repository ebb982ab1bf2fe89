import { describe, expect, it } from 'vitest';
import { send, type TransportOptions } from './transport';

type Seen = { url: string; init: RequestInit };

function recorder(respond: (seen: Seen) => Response | Promise<Response>) {
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
const headersOf = (seen: Seen | undefined) => (seen?.init.headers ?? {}) as Record<string, string>;

describe('transport (zod-free, shared by the API client and first-screen GETs)', () => {
  it('builds the URL from the route table and sends the proof and the language read at call time', async () => {
    const { fetch, calls } = recorder(() => json(200, [{ id: 1, group_name: 'Tesfa' }]));
    let lang = 'am';
    const options: TransportOptions = {
      baseUrl: '/backend/',
      fetch,
      authorization: () => 'link /farmer_registration?kebele_id=9&tg=7&exp=2&sig=abc',
      language: () => lang,
    };
    const r = await send(options, 'listDevelopmentGroups', { query: { kebele: 9, paginate: 'false' } });
    expect(r).toEqual({ ok: true, status: 200, data: [{ id: 1, group_name: 'Tesfa' }] });
    expect(calls[0]?.url).toBe('/backend/api/development-groups/?kebele=9&paginate=false');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])).toEqual({
      Accept: 'application/json',
      Authorization: 'link /farmer_registration?kebele_id=9&tg=7&exp=2&sig=abc',
      'Accept-Language': 'am',
    });
    lang = 'en';
    await send(options, 'getDevelopmentGroup', { params: { id: 4 } });
    expect(calls[1]?.url).toBe('/backend/api/development-groups/4/');
    expect(headersOf(calls[1])['Accept-Language']).toBe('en');
  });

  it('sends no Authorization without a proof, and JSON bodies with their idempotency key', async () => {
    const { fetch, calls } = recorder(() => json(201, { id: 3 }));
    const body = { kebele: 9, created_by: 2, group_name: 'Tesfa', group_type: 'mixed' };
    const r = await send({ baseUrl: '', fetch }, 'createDevelopmentGroup', { body, idempotencyKey: 'k-1' });
    expect(r).toEqual({ ok: true, status: 201, data: { id: 3 } });
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(body);
    expect(headersOf(calls[0])).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k-1',
    });
  });

  it('tells onUnauthorized about a 401, and only about a 401', async () => {
    let told = 0;
    const onUnauthorized = () => told++;
    const refused = recorder(() => json(401, { detail: 'The link has expired.' }));
    const r = await send({ baseUrl: '', fetch: refused.fetch, onUnauthorized }, 'listRegions');
    expect(told).toBe(1);
    expect(!r.ok && r.error).toEqual({
      kind: 'http',
      status: 401,
      message: 'The link has expired.',
      detail: 'The link has expired.',
      fieldErrors: {},
    });
    for (const status of [403, 404, 500]) {
      const other = recorder(() => json(status, { detail: 'x' }));
      await send({ baseUrl: '', fetch: other.fetch, onUnauthorized }, 'listRegions');
    }
    expect(told).toBe(1);
  });

  it('sends a record late with its stored proof and capture time, and names a late refusal', async () => {
    let told = 0;
    const refused = recorder(
      () =>
        new Response(JSON.stringify({ detail: 'captured more than 7 days ago' }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'Late-Sync-Refused': 'expired' },
        }),
    );
    const options: TransportOptions = {
      baseUrl: '',
      fetch: refused.fetch,
      authorization: () => 'tma live',
      onUnauthorized: () => told++,
    };
    const body = { kebele: 9, created_by: 2, group_name: 'Tesfa', group_type: 'mixed' };
    const stored = { authorization: 'tma auth_date=1&hash=old', capturedAt: '2026-01-02T03:04:05.000Z' };
    const r = await send(options, 'createDevelopmentGroup', { body, idempotencyKey: 'k-2', stored });
    expect(headersOf(refused.calls[0])).toMatchObject({
      Authorization: 'tma auth_date=1&hash=old',
      'X-Captured-At': '2026-01-02T03:04:05.000Z',
      'Idempotency-Key': 'k-2',
    });
    expect(!r.ok && r.error).toMatchObject({ status: 401, lateSyncRefused: 'expired' });
    // The record's proof was refused, not the open screen's: no "open it again".
    expect(told).toBe(0);
  });

  it("names errors as the spec does: 400 fields joined with ', ', non-field errors, bare statuses", async () => {
    const invalid = recorder(() =>
      json(400, {
        phone_number: ['Required', 'Phone number must start with 09 or 07 and have 10 digits'],
        address: { city: ['Too long'] },
        non_field_errors: ['Already registered'],
      }),
    );
    const r1 = await send({ baseUrl: '', fetch: invalid.fetch }, 'listRegions');
    expect(!r1.ok && r1.error).toEqual({
      kind: 'http',
      status: 400,
      message: 'Already registered',
      fieldErrors: {
        phone_number: 'Required, Phone number must start with 09 or 07 and have 10 digits',
        'address.city': 'Too long',
        non_field_errors: 'Already registered',
      },
    });
    const bare = recorder(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const r2 = await send({ baseUrl: '', fetch: bare.fetch }, 'listRegions');
    expect(!r2.ok && r2.error).toEqual({
      kind: 'http',
      status: 502,
      message: 'Request failed with status code 502',
      fieldErrors: {},
    });
  });

  it('answers transport failures by kind instead of throwing', async () => {
    const offline = recorder(() => Promise.reject(new TypeError('Failed to fetch')));
    const r1 = await send({ baseUrl: '', fetch: offline.fetch }, 'listRegions');
    expect(!r1.ok && r1.error).toEqual({
      kind: 'network',
      status: null,
      message: 'Network Error',
      fieldErrors: {},
    });

    const hanging = recorder(
      ({ init }) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const r2 = await send({ baseUrl: '', fetch: hanging.fetch, timeoutMs: 20 }, 'listRegions');
    expect(!r2.ok && r2.error).toMatchObject({ kind: 'timeout', message: 'timeout of 20ms exceeded' });
    const controller = new AbortController();
    const pending = send({ baseUrl: '', fetch: hanging.fetch }, 'listRegions', { signal: controller.signal });
    controller.abort();
    const r3 = await pending;
    expect(!r3.ok && r3.error).toMatchObject({ kind: 'aborted', message: 'Request aborted' });
  });
});
