// biome-ignore-all lint/suspicious/noConsole: a command-line benchmark that prints its report
/**
 * Recording reach on a slow link: 150 farmer × advisory pairs with 300 ms added round-trip
 * time, the webapp's submit engine (webapp/src/features/reach-adoption/submit-records.ts)
 * against the spec's way (one POST /api/reach-farmers/ after the other), in the same run,
 * against the real embedded backend (PGlite, migrations, demo data) on a local port.
 * Aim: the engine ≤ 1.5 s. A benchmark, not a test: it prints, it does not fail.
 *
 *   node --import tsx scripts/bench/reach-submit.ts [--pairs 150] [--rtt 300]
 *
 * The delay is added around each request by the client's fetch (half before it leaves, half
 * before the answer is read), like a 2G/3G link with 300 ms RTT and no bandwidth limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ApiResult, createApiClient } from '@gebere/api-client';
import { backendPlugin, migrate, openDatabase, seed } from '@gebere/bot/backend';
import {
  type CallOutcome,
  type RecordApi,
  submitRecords,
} from '@gebere/webapp/reach-adoption/submit-records';
import Fastify from 'fastify';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SERVICE_TOKEN = 'bench-service-token';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ReachSubmitResult {
  pairs: number;
  rttMs: number;
  engineMs: number;
  fallbackMs: number | undefined;
  sequentialMs: number | undefined;
}

/**
 * The measurement this script prints, for other benchmarks (scripts/bench/field-budgets.ts).
 * `sequential: false` / `fallback: false` skip the slow comparisons; `log` gets the report lines.
 */
export async function measureReachSubmit(
  options: {
    pairs?: number;
    rtt?: number;
    sequential?: boolean;
    fallback?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<ReachSubmitResult> {
  const PAIRS = options.pairs ?? 150;
  const RTT_MS = options.rtt ?? 300;
  const log = options.log ?? (() => {});
  const dataDir = mkdtempSync(join(tmpdir(), 'gebere-reach-bench-'));
  const db = await openDatabase({ dataDir });
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  try {
    const setupStart = performance.now();
    await migrate(db);
    await seed(db, { demoData: true });
    await app.register(backendPlugin, { prefix: '/backend', db, auth: { serviceToken: SERVICE_TOKEN } });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });

    // Three DAs (records are unique per DA, farmer and advisory: each way writes new rows).
    const das = (await db.query<{ id: number }>('select id from da_profiles order by id limit 3')).rows.map(
      (r) => Number(r.id),
    );
    const farmerIds = (await db.query<{ id: number }>('select id from farmers order by id')).rows.map((r) =>
      Number(r.id),
    );
    const advisoryIds = (await db.query<{ id: number }>('select id from advisories order by id')).rows.map(
      (r) => Number(r.id),
    );
    const advisoryCount = Math.min(advisoryIds.length, 5);
    const farmerCount = Math.ceil(PAIRS / advisoryCount);
    if (das.length < 3 || farmerIds.length < farmerCount)
      throw new Error(`demo data too small: ${das.length} DAs, ${farmerIds.length} farmers`);
    const pairs = advisoryIds
      .slice(0, advisoryCount)
      .flatMap((advisory) => farmerIds.slice(0, farmerCount).map((farmer) => ({ farmer, advisory })))
      .slice(0, PAIRS);

    let requests = 0;
    const slowFetch: typeof fetch = async (input, init) => {
      requests++;
      await sleep(RTT_MS / 2);
      const response = await fetch(input, init);
      const body = await response.arrayBuffer(); // the answer arrives whole after the other half
      await sleep(RTT_MS / 2);
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const client = createApiClient({
      baseUrl: `${base}/backend`,
      fetch: slowFetch,
      authorization: () => `Bearer ${SERVICE_TOKEN}`,
    });
    const outcome = <T>(r: ApiResult<T>): CallOutcome<T> => (r.ok ? { ok: true, data: r.data } : r);
    const reachApi = (user: number, withBatch: boolean): RecordApi => ({
      ...(withBatch
        ? {
            batch: async (records) =>
              outcome(await client.call('createReachBatch', { body: { user, records } })),
          }
        : {}),
      single: async (pair) => outcome(await client.call('createReach', { body: { ...pair, user } })),
    });
    const stored = async (user: number) =>
      Number(
        (
          await db.query<{ n: number }>(
            'select count(*)::int as n from reach_records where created_by = $1',
            [user],
          )
        ).rows[0]?.n,
      );
    log(
      `node ${process.version}, embedded backend on PGlite with demo data (ready in ${Math.round(performance.now() - setupStart)} ms)`,
    );
    log(
      `${pairs.length} pairs (${farmerCount} farmers × ${advisoryCount} advisories), ${RTT_MS} ms added RTT\n`,
    );

    // Warm the server's code paths (and PGlite's) once, outside the timings.
    await client.call('createReach', {
      body: { ...(pairs[0] as (typeof pairs)[0]), user: das[2] as number },
    });

    const time = async (
      label: string,
      user: number,
      run: () => Promise<{ recorded: number; failed: number }>,
    ) => {
      const before = requests;
      const start = performance.now();
      const r = await run();
      const ms = performance.now() - start;
      const inDb = await stored(user);
      log(
        `${label.padEnd(44)} ${(ms / 1000).toFixed(2).padStart(6)} s  ${String(requests - before).padStart(3)} requests  recorded ${r.recorded}, failed ${r.failed}, rows ${inDb}`,
      );
      return ms;
    };

    const engine = await time('submit engine (batch ≤ 500, retries)', das[0] as number, async () => {
      const report = await submitRecords(pairs, { api: reachApi(das[0] as number, true) });
      return { recorded: report.recorded.length, failed: report.failed.length };
    });
    const fallback = !options.fallback
      ? undefined
      : await time('submit engine, no batch route (6 in flight)', das[2] as number, async () => {
          const report = await submitRecords(pairs, { api: reachApi(das[2] as number, false) });
          return { recorded: report.recorded.length, failed: report.failed.length };
        });
    const sequential = !options.sequential
      ? undefined
      : await time("spec's way: one POST after the other", das[1] as number, async () => {
          let recorded = 0;
          let failed = 0;
          for (const pair of pairs) {
            const r = await client.call('createReach', { body: { ...pair, user: das[1] as number } });
            if (r.ok) recorded++;
            else failed++;
          }
          return { recorded, failed };
        });

    if (sequential !== undefined)
      log(
        `\nengine vs one-by-one: ${(sequential / engine).toFixed(1)}× faster (${(engine / 1000).toFixed(2)} s vs ${(sequential / 1000).toFixed(2)} s; aim ≤ 1.5 s: ${engine <= 1500 ? 'met' : 'NOT met'})`,
      );
    if (sequential !== undefined && fallback !== undefined)
      log(`fallback vs one-by-one: ${(sequential / fallback).toFixed(1)}× faster`);
    return {
      pairs: pairs.length,
      rttMs: RTT_MS,
      engineMs: engine,
      fallbackMs: fallback,
      sequentialMs: sequential,
    };
  } finally {
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await measureReachSubmit({
    pairs: arg('pairs', 150),
    rtt: arg('rtt', 300),
    sequential: true,
    fallback: true,
    log: (line) => console.log(line),
  });
}
