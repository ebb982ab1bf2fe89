/**
 * Backend benchmark: throughput and p99 of the real routes beside a Fastify hello-world
 * route and bare raw-SQL routes doing the same database work, measured in one run.
 *
 *   node --import tsx scripts/bench/backend.ts            PGlite, and PostgreSQL when
 *                                                          TEST_DATABASE_URL or DATABASE_URL is set
 *   BENCH_SECONDS=3 BENCH_ROUNDS=3 BENCH_CONNECTIONS=10    run length, raw/real rounds (medians
 *                                                          are reported), concurrency
 *   BENCH_ONLY=pglite|postgres                             one database only
 *   BENCH_PART=routes|audit                                only the routes beside raw SQL, or only
 *                                                          the audit trail's cost (default: both)
 *   BENCH_AUDIT_BOTH=1                                     the audit part with the trail on both
 *                                                          sides: the method's own noise (≈ 1.0×)
 *
 * The server runs in a child process (its own core); autocannon drives it over loopback. Besides
 * req/s and p99 it prints the server process's own CPU time per request (µs), which a busy
 * machine does not blur: `cpu raw/real` ≥ 0.9 means the real route costs at most ~10% more.
 *
 * The audit trail's cost: the same write routes with the audit triggers and without (on
 * PostgreSQL one database served twice, on PGlite two servers; see benchAudit), one request to
 * each side in turn, timed in µs; it prints the medians over rounds of each side's p50 and p99,
 * and the median of each round's on/off ratio (the aim: ≤ 1.1×). Both sides run every write in a
 * transaction that names its writer: the ratio is the triggers' cost, that transaction's (one
 * more statement, and a BEGIN/COMMIT for a write without an Idempotency-Key) is not in it.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request, type Result } from 'autocannon';
import type { Fixture } from './backend-server';
import { initData } from './backend-server';
import { recordFigures } from './performance-doc';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BATCH = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** The audit part with the trail on both sides: what the method itself measures as a cost. */
const SAME_SIDES = process.env.BENCH_AUDIT_BOTH === '1';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** `flags`: backend-server.ts's `--no-audit` (a database without the audit trail), `--unaudited`. */
async function startServer(kind: 'pglite' | 'postgres', ...flags: Array<'--no-audit' | '--unaudited'>) {
  const args = ['--serve', kind, ...flags];
  const child = fork(fileURLToPath(new URL('./backend-server.ts', import.meta.url)), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ address: string; fixture: Fixture }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { address: string; fixture: Fixture }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      const onMessage = (m: unknown) => {
        if (m && typeof m === 'object' && 'cpu' in m) {
          child.off('message', onMessage);
          resolve((m as { cpu: number }).cpu);
        }
      };
      child.on('message', onMessage);
      child.send('cpu');
    });
  return {
    ...ready,
    cpu,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

/** Farmer × advisory pairs in a fixed order, each used once per DA. */
function pairs(f: Fixture) {
  let i = 0;
  return () => {
    const n = i++;
    return {
      farmer: f.farmers[n % f.farmers.length] as number,
      advisory: f.advisories[Math.floor(n / f.farmers.length) % f.advisories.length] as number,
    };
  };
}

type Measured = Result & { cpuPerRequest: number };

async function run(
  server: { address: string; cpu: () => Promise<number> },
  request: Request,
  seconds = SECONDS,
): Promise<Measured> {
  const before = await server.cpu();
  const result = await autocannon({
    url: server.address,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [request],
  });
  const used = (await server.cpu()) - before;
  return Object.assign(result, { cpuPerRequest: used / Math.max(1, result['2xx'] + result.non2xx) });
}

type Server = { address: string; cpu: () => Promise<number> };

/** One request, timed in milliseconds with µs resolution (autocannon's are whole milliseconds). */
async function timed(server: Server, request: Request): Promise<{ ms: number; ok: boolean }> {
  const req = (request.setupRequest?.(request as never, {} as never) ?? request) as Request;
  const started = performance.now();
  const r = await fetch(`${server.address}${req.path}`, {
    method: req.method ?? 'GET',
    headers: req.headers as Record<string, string>,
    ...(req.body ? { body: String(req.body) } : {}),
  });
  await r.arrayBuffer();
  return { ms: performance.now() - started, ok: r.ok };
}

/**
 * For `seconds`, one request to each server in turn (which goes first alternates), so whatever
 * else loads the machine falls on both alike: each side's p50, p99 and CPU per request.
 */
async function interleaved(a: Server, aRequest: Request, b: Server, bRequest: Request, seconds = SECONDS) {
  const sides = [
    { server: a, request: aRequest, took: [] as number[], failures: 0, cpu: await a.cpu() },
    { server: b, request: bRequest, took: [] as number[], failures: 0, cpu: await b.cpu() },
  ];
  const until = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < until; i++)
    for (const side of i % 2 ? [sides[1], sides[0]] : sides) {
      const s = side as (typeof sides)[number];
      const r = await timed(s.server, s.request);
      s.took.push(r.ms);
      if (!r.ok) s.failures++;
    }
  return Promise.all(
    sides.map(async (s) => {
      const cpu = ((await s.server.cpu()) - s.cpu) / Math.max(1, s.took.length);
      const took = [...s.took].sort((x, y) => x - y);
      const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))] as number;
      return { p50: at(0.5), p99: at(0.99), cpu, failures: s.failures };
    }),
  );
}

type Scenario = { name: string; raw: () => Request; real: () => Request };

function scenarios(f: Fixture): Scenario[] {
  const json = { 'content-type': 'application/json' };
  const auth = (i: number) => ({ authorization: `tma ${initData(f.das[i]?.telegramId as number)}` });
  const da = (i: number) => f.das[i]?.daId as number;
  const single = (path: string, daIndex: number, headers: Record<string, string>) => (): Request => {
    const next = pairs(f);
    return {
      method: 'POST',
      path,
      headers: { ...json, ...headers },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...next(), user: da(daIndex) }) }),
    };
  };
  const batch = (path: string, daIndex: number, headers: Record<string, string>) => (): Request => {
    const next = pairs(f);
    return {
      method: 'POST',
      path,
      headers: { ...json, ...headers },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ user: da(daIndex), records: Array.from({ length: BATCH }, next) }),
      }),
    };
  };
  return [
    {
      name: 'farmers of a group (GET)',
      raw: () => ({ method: 'GET', path: `/raw/farmers?group=${f.group}` }),
      real: () => ({
        method: 'GET',
        path: `/backend/api/farmer-profiles/?outbound_development_group=${f.group}&paginate=false`,
        headers: auth(0),
      }),
    },
    {
      name: 'reach, single (POST)',
      raw: single('/raw/reach', 1, {}),
      real: single('/backend/api/reach-farmers/', 2, auth(2)),
    },
    {
      name: `reach, batch of ${BATCH} (POST)`,
      raw: batch('/raw/reach-batch', 3, {}),
      real: batch('/backend/api/reach-farmers/batch/', 4, auth(4)),
    },
  ];
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const failed = (r: Result) => r.non2xx + r.errors + r.timeouts;

async function benchDatabase(kind: 'pglite' | 'postgres') {
  const server = await startServer(kind);
  const rows: string[][] = [];
  try {
    await run(server, { method: 'GET', path: '/hello' }, 1); // warm-up
    const helloResult = await run(server, { method: 'GET', path: '/hello' });
    for (const s of scenarios(server.fixture)) {
      // Warm both paths (JIT, prepared statements, actor cache), then alternate raw and real runs
      // so load from elsewhere on the machine hits both alike; report medians.
      await run(server, s.raw(), 1);
      await run(server, s.real(), 1);
      const raws: Measured[] = [];
      const reals: Measured[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        raws.push(await run(server, s.raw()));
        reals.push(await run(server, s.real()));
      }
      const rawCpu = median(raws.map((r) => r.cpuPerRequest));
      const realCpu = median(reals.map((r) => r.cpuPerRequest));
      const rawRps = median(raws.map((r) => r.requests.average));
      const realRps = median(reals.map((r) => r.requests.average));
      rows.push([
        kind,
        s.name,
        fmt(helloResult.requests.average),
        fmt(rawRps),
        fmt(realRps),
        fmt(realRps / rawRps, 2),
        fmt(rawRps / helloResult.requests.average, 2),
        fmt(median(raws.map((r) => r.latency.p99)), 1),
        fmt(median(reals.map((r) => r.latency.p99)), 1),
        fmt(rawCpu),
        fmt(realCpu),
        fmt(rawCpu / realCpu, 2),
        `${raws.reduce((n, r) => n + failed(r), 0)}/${reals.reduce((n, r) => n + failed(r), 0)}`,
      ]);
    }
  } finally {
    await server.stop();
  }
  return rows;
}

function printTable(rows: string[][], head: string[]) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

const ROUTE_HEAD = [
  'db',
  'scenario',
  'hello req/s',
  'raw req/s',
  'real req/s',
  'real/raw',
  'raw/hello',
  'raw p99 ms',
  'real p99 ms',
  'raw cpu µs/req',
  'real cpu µs/req',
  'cpu raw/real',
  'failed raw/real',
];
const AUDIT_HEAD = [
  'db',
  'write (audit trail)',
  'p50 off ms',
  'p50 on ms',
  'p50 on/off',
  'p99 off ms',
  'p99 on ms',
  'p99 on/off',
  'cpu off µs/req',
  'cpu on µs/req',
  'cpu on/off',
  'failed off/on',
];

/**
 * The write routes the audit trail adds to: a farmer, a reach record, a batch of 50; `side` 0 or
 * 1 writes as other DAs and other farmers, so two sides can share one database, `prefix` is where
 * the side's backend is served.
 */
function auditScenarios(
  f: Fixture,
  side: 0 | 1,
  prefix: string,
): Array<{ name: string; request: () => Request }> {
  const json = { 'content-type': 'application/json' };
  const auth = (i: number) => ({ authorization: `tma ${initData(f.das[i + side]?.telegramId as number)}` });
  const da = (i: number) => f.das[i + side]?.daId as number;
  let phones = side * 1_000_000;
  const farmer = (): Request => ({
    method: 'POST',
    path: `${prefix}/api/farmer-profiles/`,
    headers: { ...json, ...auth(0) },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        // Another person each time: the same three names in a kebele is asked about (a 400).
        farmer_name: 'Audit',
        father_name: 'Bench',
        grand_father_name: `Farmer ${++phones}`,
        phone_number: `9${80_000_000 + phones}`,
        gender: 'female',
        created_by: da(0),
        kebele: f.kebele,
        development_group: f.group,
      }),
    }),
  });
  const single = (): Request => {
    const next = pairs(f);
    return {
      method: 'POST',
      path: `${prefix}/api/reach-farmers/`,
      headers: { ...json, ...auth(2) },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ ...next(), user: da(2) }) }),
    };
  };
  const batch = (): Request => {
    const next = pairs(f);
    return {
      method: 'POST',
      path: `${prefix}/api/reach-farmers/batch/`,
      headers: { ...json, ...auth(4) },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ user: da(4), records: Array.from({ length: BATCH }, next) }),
      }),
    };
  };
  return [
    { name: 'farmer (POST)', request: farmer },
    { name: 'reach, single (POST)', request: single },
    { name: `reach, batch of ${BATCH} (POST)`, request: batch },
  ];
}

/**
 * Each write scenario with the audit trail and without, one request to each side in turn. On
 * PostgreSQL both sides are one server on one database (backend-server.ts `--unaudited`: the
 * baseline's connections skip the audit triggers alone). Two databases seeded alike, each behind
 * its own server, differ in what their planners chose and in their processes by more than the
 * audit trail costs, for as long as they run: the same server on both sides measured 0.78× to
 * 1.25× so. PGlite is one connection in its server's process, so there it is still two servers,
 * a fresh pair every round. Each round's on/off ratio is paired (the two sides ran in the same
 * seconds); the table gives their median, and the medians of each side's p50 and p99.
 */
async function benchAudit(kind: 'pglite' | 'postgres') {
  type Timed = Awaited<ReturnType<typeof interleaved>>[number];
  const sides = new Map<string, { yes: Timed[]; no: Timed[] }>();
  const oneServer = kind === 'postgres';
  for (let round = 0; round < ROUNDS; round++) {
    const servers = oneServer
      ? [await startServer(kind, ...(SAME_SIDES ? [] : (['--unaudited'] as const)))]
      : await Promise.all([
          startServer(kind),
          startServer(kind, ...(SAME_SIDES ? [] : (['--no-audit'] as const))),
        ]);
    const on = servers[0] as (typeof servers)[number];
    const off = servers[1] ?? on;
    try {
      // The sides write as different DAs, so neither finds the other's pairs or farmers.
      const onScenarios = auditScenarios(on.fixture, 0, '/backend');
      const offScenarios = auditScenarios(
        off.fixture,
        1,
        oneServer && !SAME_SIDES ? '/unaudited' : '/backend',
      );
      for (const [i, s] of onScenarios.entries()) {
        const onRequest = s.request();
        const offRequest = (offScenarios[i] as (typeof offScenarios)[number]).request();
        await run(on, onRequest, 1);
        await run(off, offRequest, 1);
        const [a, b] = await interleaved(off, offRequest, on, onRequest);
        const side = sides.get(s.name) ?? { yes: [], no: [] };
        side.no.push(a as Timed);
        side.yes.push(b as Timed);
        sides.set(s.name, side);
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  }
  return [...sides].map(([name, { yes, no }]) => {
    const p = (xs: Timed[], q: 'p50' | 'p99') => median(xs.map((r) => r[q]));
    const ratio = (q: 'p50' | 'p99') => median(yes.map((r, k) => r[q] / (no[k] as Timed)[q]));
    const cpu = (xs: Timed[]) => median(xs.map((r) => r.cpu));
    return [
      kind,
      name,
      fmt(p(no, 'p50'), 2),
      fmt(p(yes, 'p50'), 2),
      fmt(ratio('p50'), 2),
      fmt(p(no, 'p99'), 2),
      fmt(p(yes, 'p99'), 2),
      fmt(ratio('p99'), 2),
      // One process serves both sides on PostgreSQL: its CPU per request is not either side's.
      oneServer ? '–' : fmt(cpu(no)),
      oneServer ? '–' : fmt(cpu(yes)),
      oneServer ? '–' : fmt(cpu(yes) / cpu(no), 2),
      `${no.reduce((n, r) => n + r.failures, 0)}/${yes.reduce((n, r) => n + r.failures, 0)}`,
    ];
  });
}

const only = process.env.BENCH_ONLY as 'pglite' | 'postgres' | undefined;
const figures = recordFigures(
  `backend-${process.env.BENCH_PART ?? 'all'}`,
  `${process.env.BENCH_PART ? `BENCH_PART=${process.env.BENCH_PART} ` : ''}node --import tsx scripts/bench/backend.ts`,
);
const part = process.env.BENCH_PART as 'routes' | 'audit' | undefined;
const kinds: Array<'pglite' | 'postgres'> = [];
if (only !== 'postgres') kinds.push('pglite');
if (only !== 'pglite' && (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL)) kinds.push('postgres');
const all: string[][] = [];
const audit: string[][] = [];
for (const kind of kinds) {
  console.error(
    `› ${kind}: starting (migrate + seed), then ${SECONDS} s per run, ${CONNECTIONS} connections`,
  );
  if (part !== 'audit') all.push(...(await benchDatabase(kind)));
  if (part !== 'routes') audit.push(...(await benchAudit(kind)));
}
if (all.length) printTable(all, ROUTE_HEAD);
if (audit.length) {
  if (all.length) console.log('');
  printTable(audit, AUDIT_HEAD);
}
// The method's noise is not a figure of the product.
if (SAME_SIDES) console.error('not written: BENCH_AUDIT_BOTH=1 measures the method, not the product');
else figures.write();
