import {
  CAPTURED_AT_HEADER,
  detailError,
  fieldErrors,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  LATE_SYNC_REFUSED_HEADER,
  type RouteDef,
  routes,
} from '@gebere/contract';
import { z } from 'zod';

type Json = Record<string, unknown>;

const schema = (s: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** Query or path parameters, one per property of the declared object schema. */
function parameters(s: z.ZodType | undefined, where: 'query' | 'path'): Json[] {
  if (!s) return [];
  const json = schema(s, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: p,
  }));
}

const USER_PROOFS: Json[] = [{ initData: [] }, { signedLink: [] }, { serviceToken: [] }];
const securityOf = (policy: RouteDef['policy']): Json[] =>
  policy.who === 'public' ? [] : policy.who === 'service' ? [{ serviceToken: [] }] : USER_PROOFS;

const WRITES = new Set(['POST', 'PUT', 'PATCH']);
const idempotencyHeader: Json = {
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description:
    'One key per intended submission, the same on every retry: a retry replays the stored answer ' +
    '(`Idempotent-Replayed: true`) instead of writing again; the same key with another body is 422. ' +
    'Kept 24 h (longer with late sync), per acting user; errors are not stored.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
};

const capturedAtHeader: Json = {
  name: CAPTURED_AT_HEADER,
  in: 'header',
  required: false,
  description:
    'Late sync (x-policy `lateSync`): when an outbox captured this record, ISO 8601. With an ' +
    'Idempotency-Key and a proof expired at most LATE_SYNC_DAYS ago whose window holds this time, ' +
    `the create is still accepted; else 401 with \`${LATE_SYNC_REFUSED_HEADER}: expired | outside_proof\`.`,
  schema: { type: 'string', format: 'date-time' },
};

const errorResponse = (description: string, s: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: schema(s, 'output') } },
});

/**
 * OpenAPI 3.1 of the backend, made from the contract's route table so it cannot drift from what
 * is served. Bodies and queries are described as clients send them (`io: 'input'`).
 */
export function buildOpenApi(serverUrl = '/backend'): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, def] of Object.entries(routes) as Array<[string, RouteDef]>) {
    const op: Json = {
      operationId: name,
      summary: def.summary,
      // Who may call it and for what (docs/authorization.md), as the contract declares it.
      'x-policy': def.policy,
      security: securityOf(def.policy),
      parameters: [
        ...parameters(def.params, 'path'),
        ...parameters(def.query, 'query'),
        ...(WRITES.has(def.method) ? [idempotencyHeader] : []),
        ...(def.policy.lateSync ? [capturedAtHeader] : []),
      ],
      responses: {
        [def.status]: {
          description: 'Success',
          content: { 'application/json': { schema: schema(def.response, 'output') } },
        },
        '400': errorResponse('Field errors `{field: [messages]}`', fieldErrors),
        ...(def.policy.who === 'public' ? {} : { '401': errorResponse('No or bad proof', detailError) }),
        ...(def.policy.who === 'public'
          ? {}
          : { '403': errorResponse('Not allowed by the route policy (docs/authorization.md)', detailError) }),
        '404': errorResponse('Not found', detailError),
        ...(WRITES.has(def.method)
          ? {
              '409': errorResponse(
                'The first request with this Idempotency-Key is still running',
                detailError,
              ),
              '422': errorResponse('Idempotency-Key already used with a different request', detailError),
            }
          : {}),
      },
    };
    if (def.body)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(def.body, 'input') } },
      };
    paths[def.path] ??= {};
    (paths[def.path] as Record<string, Json>)[def.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Gebere extension backend',
      version: '1',
      description:
        'Django REST Framework conventions: trailing slashes, `paginate=false` for a plain list, 201 on create, ' +
        '400 `{field: [messages]}`, 404 `{detail}`. Proof of identity in `Authorization`.',
    },
    servers: [{ url: serverUrl }],
    components: {
      securitySchemes: {
        initData: {
          type: 'http',
          scheme: 'tma',
          description: 'Telegram initData: `Authorization: tma <raw initData>`',
        },
        signedLink: {
          type: 'http',
          scheme: 'link',
          description: 'A link the bot signed: `Authorization: link <path>?<query>`',
        },
        serviceToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The bot: `Authorization: Bearer <token>`',
        },
      },
    },
    paths,
  };
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain page listing the routes; the JSON beside it is the full description. */
export function docsHtml(spec: Json, jsonHref: string): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(spec.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(ops))
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(String(op['x-access']))}</td><td>${escapeHtml(String(op.summary))}</td></tr>`,
      );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gebere backend API</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:70rem}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.35rem .5rem;text-align:left;vertical-align:top}code{font-size:13px}</style>
</head><body><h1>Gebere extension backend</h1>
<p>${escapeHtml(String((spec.info as Json).description))}</p>
<p>Machine-readable: <a href="${escapeHtml(jsonHref)}">openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Access</th><th>Summary</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}
