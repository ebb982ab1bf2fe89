/**
 * Helpers for the field budgets (scripts/bench/field-budgets.ts, farmer-form-3g.ts): build
 * what is missing or stale (the same rule as scripts/start.mjs), run the built product as
 * `node bot/dist/main.js` on a fresh DATA_DIR and a free port, and make the bot's signed
 * farmer-registration link for a demo DA. Not a test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signLink } from '@gebere/bot/auth';
import type { PersistedSecrets } from '@gebere/bot/config';
import { botStale, ensureWebappBuilt, webappStale } from '../build-freshness.mjs';
import { freePort } from '../free-port.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const at = (...p: string[]) => join(ROOT, ...p);

export const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Builds webapp/dist and bot/dist when missing or older than their sources; says what it did. */
export async function ensureBuilds(log: (line: string) => void = () => {}): Promise<void> {
  if (webappStale(ROOT)) {
    log('building the webapp (vite build + precompress)');
    await ensureWebappBuilt(ROOT);
  }
  if (botStale(ROOT)) {
    log('bundling the server (bot/dist)');
    // @ts-expect-error: a plain .mjs build script without types
    const { buildBot } = await import('@gebere/bot/build');
    await buildBot({ quiet: true });
  }
}

export interface Product {
  base: string;
  port: number;
  pid: number;
  dataDir: string;
  secrets: PersistedSecrets;
  /** ms from spawn to the first 200 from /readyz. */
  readyMs: number;
  rssMb: () => number | undefined;
  stop: () => Promise<void>;
}

export const rssMbOf = (pid: number): number | undefined => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `node bot/dist/main.js` on embedded defaults (PGlite, demo data, emulator) with PORT and
 * DATA_DIR given; resolves once /readyz answers 200. `dataDir` omitted → a fresh temp dir,
 * removed by stop().
 */
export async function startProduct(options: { dataDir?: string } = {}): Promise<Product> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gebere-budget-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [at('bot', 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', BOT_TOKEN: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  let readyMs: number | undefined;
  while (readyMs === undefined) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ready`);
    if (performance.now() - started > 60_000) {
      child.kill('SIGKILL');
      throw new Error('server not ready within 60 s');
    }
    try {
      const res = await fetch(`${base}/readyz`);
      await res.arrayBuffer();
      if (res.status === 200) readyMs = performance.now() - started;
    } catch {}
    if (readyMs === undefined) await new Promise((r) => setTimeout(r, 20));
  }
  const secrets = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as PersistedSecrets;
  const pid = child.pid as number;
  return {
    base,
    port,
    pid,
    dataDir,
    secrets,
    readyMs,
    rssMb: () => rssMbOf(pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo DA the budgets act as (seed: bot/src/backend/seed/demo/people.ts, "da-abebe"). */
const DEMO_DA_PHONE = '0911234501';

/** The Telegram account the budgets open the link as: the demo DA's own, once it shared its phone. */
const DEMO_DA_TELEGRAM_ID = 777001;

/**
 * The bot's farmer-registration link (bot/src/telegram/links.ts: `/farmer_registration` with
 * da_id, kebele_id and lang, signed for the DA's Telegram user), for a demo DA found through
 * the backend API with the service token, plus how many groups its kebele has. The DA's
 * Telegram account is made as the bot makes it when the DA shares their phone (the server links
 * the profile whose telegram_phone_number it is) and verified, as the backend only lets a
 * verified DA read their kebele's groups.
 */
export async function farmerRegistrationLink(
  product: Product,
  lang: 'en' | 'am' = 'en',
): Promise<{ url: string; daId: number; kebeleId: number; telegramUserId: number; groups: number }> {
  const headers = { Authorization: `Bearer ${product.secrets.serviceToken}`, Accept: 'application/json' };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${product.base}/backend${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const das = await call<{ results: Array<{ id: number; kebele: number; telegram_phone_number: string }> }>(
    'GET',
    `/api/da-profiles/?phone_number=${DEMO_DA_PHONE}`,
  );
  const da = das.results[0];
  if (!da) throw new Error(`no demo DA with phone ${DEMO_DA_PHONE}`);
  const botUser = await call<{ id: number; da_profile: number | null }>('POST', '/api/bot-users/', {
    telegram_id: DEMO_DA_TELEGRAM_ID,
    chat_id: DEMO_DA_TELEGRAM_ID,
    first_name: 'Abebe',
    phone_number: da.telegram_phone_number,
  });
  if (botUser.da_profile !== da.id)
    throw new Error(
      `demo DA ${da.id}: Telegram user ${DEMO_DA_TELEGRAM_ID} is linked to ${botUser.da_profile}`,
    );
  await call('PATCH', `/api/bot-users/${botUser.id}/`, { verification_status: 'VERIFIED' });
  const groups = await call<unknown[]>('GET', `/api/development-groups/?kebele=${da.kebele}&paginate=false`);
  const path = signLink(
    product.secrets.linkSecret,
    '/farmer_registration',
    { da_id: da.id, kebele_id: da.kebele, lang },
    { telegramUserId: DEMO_DA_TELEGRAM_ID, ttlSeconds: 3600 },
  );
  return {
    url: `${product.base}${path}`,
    daId: da.id,
    kebeleId: da.kebele,
    telegramUserId: DEMO_DA_TELEGRAM_ID,
    groups: Array.isArray(groups) ? groups.length : 0,
  };
}
