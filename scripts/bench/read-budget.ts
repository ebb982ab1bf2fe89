/**
 * The per-user read budget against a heavy reader (docs/authorization.md "Abuse limits"): another
 * user's light read (a DA's farmers of a group), p50 and p95, idle and while one national manager
 * reads year-long national reports as fast as 8 connections allow; their ratio, without the
 * budget (as before) and with it, on PGlite (budget in memory, and in the table to compare) and
 * PostgreSQL (the table all copies share).
 *
 *   node --import tsx scripts/bench/read-budget.ts      PGlite, and PostgreSQL when TEST_DATABASE_URL
 *                                                      or DATABASE_URL is set
 *   BENCH_SECONDS=10 BENCH_ONLY=pglite|postgres         phase length, one database only
 *
 * Three processes: the server (backend-server.ts), the heavy reader (autocannon, its own process
 * so its loop does not delay the light reads) and this one, which reads one light answer every
 * 20 ms in turn as six DAs (each well inside their own budget). Aim: loaded p95 ≤ 1.5× idle.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addDays, reportDayOf } from '@gebere/contract';
import autocannon from 'autocannon';
import { type Fixture, initData } from './backend-server';
import { recordFigures } from './performance-doc';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const HEAVY_CONNECTIONS = 8;
const LIGHT_EVERY_MS = 20;
const self = fileURLToPath(import.meta.url);

interface Mode {
  name: string;
  reads: number;
  store?: 'memory' | 'table';
}

async function startServer(kind: 'pglite' | 'postgres', mode: Mode) {
  const args = [
    '--serve',
    kind,
    '--reads',
    String(mode.reads),
    ...(mode.store ? ['--store', mode.store] : []),
  ];
  const child = fork(fileURLToPath(new URL('./backend-server.ts', import.meta.url)), args, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ address: string; fixture: Fixture }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { address: string; fixture: Fixture }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ...ready, stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** Light reads for `seconds`, in turn as each DA of the fixture: latencies (ms) and refusals. */
async function lightReads(address: string, f: Fixture, seconds: number) {
  const url = `${address}/backend/api/farmer-profiles/?outbound_development_group=${f.group}&paginate=false`;
  const auths = f.das.map((d) => `tma ${initData(d.telegramId)}`);
  const latencies: number[] = [];
  let refused = 0;
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: auths[i % auths.length] as string } });
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) refused++;
    const wait = LIGHT_EVERY_MS - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), n: latencies.length, refused };
}

/** The heavy reader, in its own process: year-long national reports at 8 connections. */
function heavyReader(address: string, f: Fixture, seconds: number) {
  const today = reportDayOf(new Date());
  const path = `/backend/api/reports/?level=all&from=${addDays(today, -365)}&to=${today}`;
  const child = fork(self, ['--heavy', address, path, `tma ${initData(f.national)}`, String(seconds)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<{ ok: number; refused: number; perSecond: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { ok: number; refused: number; perSecond: number }));
    child.once('exit', (code) => code && reject(new Error(`heavy reader exited with ${code}`)));
  });
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function bench(kind: 'pglite' | 'postgres', mode: Mode): Promise<string[]> {
  const server = await startServer(kind, mode);
  try {
    const { address, fixture } = server;
    await lightReads(address, fixture, 1); // warm-up: JIT, prepared statements, actor cache
    const idle = await lightReads(address, fixture, SECONDS);
    const [loaded, heavy] = await Promise.all([
      lightReads(address, fixture, SECONDS),
      heavyReader(address, fixture, SECONDS),
    ]);
    return [
      kind,
      mode.name,
      `${fmt(idle.p50)} / ${fmt(idle.p95)}`,
      `${fmt(loaded.p50)} / ${fmt(loaded.p95)}`,
      `${fmt(loaded.p95 / idle.p95, 2)}×`,
      String(idle.refused + loaded.refused),
      `${heavy.ok} / ${heavy.refused}`,
      fmt(heavy.perSecond, 0),
    ];
  } finally {
    await server.stop();
  }
}

function printTable(rows: string[][]) {
  const head = [
    'db',
    'read budget',
    'light idle p50 / p95 ms',
    'light loaded p50 / p95 ms',
    'p95 loaded ÷ idle',
    'light refused',
    'heavy 200 / 429',
    'heavy req/s',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function main() {
  const figures = recordFigures('read-budget', 'node --import tsx scripts/bench/read-budget.ts');
  const only = process.env.BENCH_ONLY as 'pglite' | 'postgres' | undefined;
  const runs: Array<['pglite' | 'postgres', Mode]> = [];
  if (only !== 'postgres')
    runs.push(
      ['pglite', { name: 'off (as before)', reads: 0 }],
      ['pglite', { name: '600/min, memory', reads: 600, store: 'memory' }],
      ['pglite', { name: '600/min, table', reads: 600, store: 'table' }],
    );
  if (only !== 'pglite' && (process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))
    runs.push(
      ['postgres', { name: 'off (as before)', reads: 0 }],
      ['postgres', { name: '600/min, table', reads: 600, store: 'table' }],
    );
  const rows: string[][] = [];
  for (const [kind, mode] of runs) {
    console.error(`› ${kind}, read budget ${mode.name}: ${SECONDS} s idle, ${SECONDS} s loaded`);
    rows.push(await bench(kind, mode));
  }
  printTable(rows);
  figures.write();
}

// The heavy reader's process runs only autocannon; this one the benchmark.
if (process.argv[2] === '--heavy') {
  const [, , , address, path, authorization, seconds] = process.argv;
  const result = await autocannon({
    url: address as string,
    connections: HEAVY_CONNECTIONS,
    duration: Number(seconds),
    requests: [{ method: 'GET', path: path as string, headers: { authorization: authorization as string } }],
  });
  process.send?.({ ok: result['2xx'], refused: result.non2xx, perSecond: result.requests.average }, () =>
    process.exit(0),
  );
} else {
  await main();
}
