// The operator's whole path, as one run with no browser: on a fresh PostgreSQL database with DEMO_DATA
// unset, following only the README, the operator imports the sample content and roster (`gebere
// import`), grants a notification manager (`gebere grant`), a DA registers and records reach
// through the emulator's chat and the backend calls the screens make (with the bot's signed link
// as proof, as the webapp sends it), the operator exports those records (`gebere export`), and a
// backup (`gebere backup`) restores (`gebere restore`) into another database with the same rows.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, createApiClient, newIdempotencyKey } from '@gebere/api-client';
import { type Db, openPostgres } from '@gebere/bot/backend';
import { type CliSettings, runCli, settingsFromConfig } from '@gebere/bot/cli';
import { withSharedSecrets } from '@gebere/bot/config';
import { parseCsvRecords as parseCsv } from '@gebere/bot/csv';
// The samples README's order: a file after the files it refers to.
import { SAMPLE_KINDS } from '@gebere/bot/seed';
import { fingerprint, postgresSkipReason, postgresUrl } from '@gebere/bot/test-kit';
import type { HandBackResult } from '@gebere/contract';
import { encodeResult } from '@gebere/contract';
import { proofHeader } from '@gebere/contract/auth';
import type { ChatMessage, MiniAppLaunch, TestUser } from '@gebere/telegram-emulator';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBotBuilt } from '../build-freshness.mjs';
import { startAndShareContact } from './demo-das';
import { botSays, mark, menuLabels, replyLabels, summaryText, tr } from './steps';
import { type Product, ROOT, startProduct } from './test-kit';

const t = tr('en');
const SAMPLES = join(ROOT, 'bot', 'src', 'backend', 'seed', 'samples');
/** Danamariyam: the samples have a kebele-level teff advisory here, and the roster's Abebe. */
const KEBELE = 'ET031702888001';
const WOREDA = 'ET031702';
/** From the sample roster: becomes the notification manager. */
const MANAGER = { first: 'Abebe', phone: '911234501', lang: 'en' as const, roster: true };
/** Not in the roster: registers as a new DA. */
const NEW_DA = { first: 'Almaz', phone: '911000333', lang: 'en' as const, roster: false };

async function gebere(argv: string[], settings: CliSettings) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: { out: (l) => out.push(l), err: (l) => err.push(l) },
    settings: () => settings,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function dbUrl(name: string): string {
  const url = new URL(postgresUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql: string) {
  const c = openPostgres({ connectionString: postgresUrl(), max: 1 });
  try {
    await c.exec(sql);
  } finally {
    await c.close();
  }
}

/**
 * The real entry with the server's environment, as an operator runs it: from source (`npm run
 * gebere -- …` runs it), or the built bundle's `bot/dist/cli.js` (the image's `gebere`).
 */
function gebereEntry(argv: string[], env: Record<string, string>, bundled = false) {
  const entry = bundled
    ? [join(ROOT, 'bot', 'dist', 'cli.js')]
    : ['--import', 'tsx', join(ROOT, 'bot', 'src', 'cli', 'main.ts')];
  const child = spawn(process.execPath, [...entry, ...argv], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, out: out.trim(), err: err.trim() })),
  );
}

/** The signed link of a launch, exactly as the webapp sends it: `link <path>?<query>`. */
function linkProof(launch: MiniAppLaunch): string {
  const u = new URL(launch.url);
  return proofHeader({ kind: 'link', value: `${u.pathname}${u.search}` });
}

/** The API client the screen opened by `launch` uses (shared/api-client, the webapp's). */
function screenApi(product: Product, launch: MiniAppLaunch): ApiClient {
  const proof = linkProof(launch);
  return createApiClient({
    baseUrl: `${product.base}/backend`,
    authorization: () => proof,
    language: () => 'en',
  });
}

function ok<T>(r: { ok: true; data: T } | { ok: false; error: unknown }, what: string): T {
  if (!r.ok) throw new Error(`${what}: ${JSON.stringify(r.error)}`);
  return r.data;
}

const asList = <T>(data: T[] | { results: T[] }): T[] => (Array.isArray(data) ? data : data.results);

const inlineLabels = (m: ChatMessage | undefined): string[] => {
  const markup = m?.reply_markup as { inline_keyboard?: { text: string }[][] } | undefined;
  return (markup?.inline_keyboard ?? []).flat().map((b) => b.text);
};

describe.skipIf(postgresSkipReason)('the operator journey on a fresh PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const mainDb = `gebere_journey_${suffix}`;
  const restoredDb = `gebere_journey_${suffix}_restored`;
  let work: string;
  let product: Product | undefined;
  let settings: CliSettings;
  let db: Db;
  let area: { region: number; zone: number; woreda: number; kebele: number };
  let manager: TestUser;
  let da: TestUser;
  let daId: number;
  let groupId: number;
  const farmers: number[] = [];
  let backupPrint: Awaited<ReturnType<typeof fingerprint>>;
  const q = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'gebere-operator-journey-'));
    await admin(`create database ${mainDb}`);
    // DEMO_DATA blank is unset (config.ts reads blank as absent): with DATABASE_URL it is false.
    product = await startProduct({ DATABASE_URL: dbUrl(mainDb), DEMO_DATA: '' });
    settings = settingsFromConfig(await withSharedSecrets(product.config));
    db = openPostgres({ connectionString: dbUrl(mainDb), max: 2 });
  }, 180_000);

  afterAll(async () => {
    await db?.close();
    await product?.close();
    await admin(`drop database if exists ${mainDb} with (force)`);
    await admin(`drop database if exists ${restoredDb} with (force)`);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('starts with no demo data: the DA form would offer no role', async () => {
    const p = product as Product;
    expect(p.config.database.demoData).toBe(false);
    const anon = createApiClient({ baseUrl: `${p.base}/backend` });
    expect(asList(ok(await anon.call('listDaRoles', { query: { paginate: 'false' } }), 'roles'))).toEqual([]);
    const [counts] = await q<Record<string, number>>(
      `select (select count(*)::int from value_chains) as value_chains, (select count(*)::int from advisories) as advisories,
        (select count(*)::int from kebeles) as kebeles`,
    );
    expect(counts).toMatchObject({ value_chains: 0, advisories: 0 });
    // The admin areas ship with the database: the samples README imports "after the admin areas".
    expect(counts?.kebeles).toBeGreaterThan(0);
    const [a] = await q<typeof area>(
      `select z.region_id::int as region, w.zone_id::int as zone, k.woreda_id::int as woreda, k.id::int as kebele
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id where k.code = $1`,
      [KEBELE],
    );
    if (!a) throw new Error(`kebele ${KEBELE} is missing`);
    area = a;
  });

  it('the operator imports every sample file, in the README order; a second import changes nothing', async () => {
    for (const kind of SAMPLE_KINDS) {
      const file = join(SAMPLES, `${kind}.csv`);
      const rows = parseCsv(await readFile(file, 'utf8')).length;
      const first = await gebere(['import', kind, file], settings);
      expect(first.err, kind).toBe('');
      expect(first.code, kind).toBe(0);
      expect(first.out, kind).toContain(`Created ${rows}, updated 0, unchanged 0.`);
    }
    for (const kind of SAMPLE_KINDS) {
      const file = join(SAMPLES, `${kind}.csv`);
      const rows = parseCsv(await readFile(file, 'utf8')).length;
      const again = await gebere(['import', kind, file], settings);
      expect(again.code, kind).toBe(0);
      expect(again.out, kind).toContain(`Created 0, updated 0, unchanged ${rows}.`);
    }
    // The image's `gebere` (the bundle) with the samples it ships, in the server's environment.
    // The journeys run the server from source: build the bundle if this clone has none yet.
    // Under the build lock: `npm start` in another test file may be building it too.
    if (!existsSync(join(ROOT, 'bot', 'dist', 'cli.js'))) await ensureBotBuilt(ROOT);
    const { config } = product as Product;
    const shipped = await gebereEntry(
      ['import', 'roles', join(ROOT, 'bot', 'dist', 'samples', 'roles.csv'), '--dry-run'],
      { PORT: String(config.port), DATA_DIR: config.dataDir, DATABASE_URL: dbUrl(mainDb) },
      true,
    );
    expect(shipped.err).toBe('');
    expect(shipped.code).toBe(0);
    const roleRows = parseCsv(await readFile(join(SAMPLES, 'roles.csv'), 'utf8')).length;
    expect(shipped.out).toContain(`It would create 0, update 0, leave ${roleRows} unchanged.`);
    const anon = createApiClient({ baseUrl: `${(product as Product).base}/backend` });
    const roles = asList(ok(await anon.call('listDaRoles', { query: { paginate: 'false' } }), 'roles'));
    expect(roles.map((r) => r.name).sort()).toEqual(
      parseCsv(await readFile(join(SAMPLES, 'roles.csv'), 'utf8'))
        .map((r) => r.name)
        .sort(),
    );
  }, 180_000); // may build the bundle (esbuild and the prepared database) on a fresh clone

  /**
   * /start, share contact, and the DA form as the screen submits it: the roles, a lookup of the
   * phone, the registration, the request for VERIFIED, the hand-back through sendData; then the
   * bot's summary and the main menu.
   */
  async function registerDa(who: {
    first: string;
    phone: string;
    lang: 'en';
    roster: boolean;
  }): Promise<TestUser> {
    const p = product as Product;
    const u = await startAndShareContact(p, t, who);
    await botSays(u, (text) => text.startsWith(t('bot.not_registered')));
    const launch = u.launchFromReply(t('bot.register_da_button'));
    const params = new URL(launch.url).searchParams;
    expect(params.get('phone_number')).toBe(`0${who.phone}`);
    // The roster's DAs are offered to take over their imported profile (update_outbound).
    expect(params.get('update_outbound')).toBe(who.roster ? 'true' : null);
    const botUserId = Number(params.get('user_id'));
    const api = screenApi(p, launch);
    const roles = asList(ok(await api.call('listDaRoles', { query: { paginate: 'false' } }), 'roles'));
    const role = roles.find((r) => r.name === 'Crop DA');
    if (!role) throw new Error('no Crop DA role');
    ok(await api.call('findDaProfiles', { query: { phone_number: who.phone, paginate: 'false' } }), 'lookup');
    const created = ok(
      await api.call('createDa', {
        body: {
          first_name: who.first,
          father_name: 'Bekele',
          grand_father_name: 'Desta',
          phone_number: who.phone,
          telegram_phone_number: who.phone,
          sex: 'female',
          ...area,
          role: role.id,
          created_by: botUserId,
        },
        idempotencyKey: newIdempotencyKey(),
      }),
      'createDa',
    );
    const patched = await api.call('patchBotUser', {
      params: { id: botUserId },
      body: { id: botUserId, verification_status: 'VERIFIED' },
    });
    // The roster vouches for its DAs; anyone else waits for the organisation's decision.
    if (who.roster) ok(patched, 'verify');
    else expect(patched.ok ? 200 : patched.error.status).toBe(403);
    const result: HandBackResult = {
      kind: 'da_registered',
      da_id: created.id,
      name: `${who.first} Bekele Desta`,
      update: false,
    };
    const before = mark(u);
    await launch.sendData(encodeResult(result));
    if (!who.roster) {
      // No supervisor covers the kebele: the DA is told an operator decides, who does so here.
      await botSays(u, summaryText(result, 'en'), 20_000, before);
      await botSays(u, t('bot.enrolment.pending_operator'), 20_000, before);
      const pending = await gebere(['pending'], settings);
      expect(pending.out).toContain(`${who.first} Bekele Desta  0${who.phone.slice(0, 3)}****`);
      expect(pending.out).toContain('an operator decides');
      const approved = await gebere(['approve', `0${who.phone}`], settings);
      expect(approved.err).toBe('');
      expect(approved.out).toMatch(new RegExp(`^Approved ${who.first} Bekele Desta \\(0${who.phone},`));
      await botSays(u, (text) => text.startsWith('✅'), 20_000, before);
    } else await botSays(u, `${summaryText(result, 'en')}\n${t('bot.verified')}`, 20_000, before);
    // Not a notification manager yet: the grant comes later.
    await expect.poll(() => replyLabels(u), { timeout: 20_000 }).toEqual(menuLabels(t, false));
    return u;
  }

  it('a roster DA and a new DA (approved by the operator) register through the chat and are VERIFIED', async () => {
    manager = await registerDa(MANAGER);
    da = await registerDa(NEW_DA);
    const registered = await q<{ phone_number: string; verification_status: string; kebele: string }>(
      `select p.phone_number, u.verification_status, p.kebele_id::text as kebele
       from bot_users u join da_profiles p on p.id = u.da_profile_id order by p.phone_number`,
    );
    expect(registered).toEqual([
      { phone_number: NEW_DA.phone, verification_status: 'VERIFIED', kebele: String(area.kebele) },
      { phone_number: MANAGER.phone, verification_status: 'VERIFIED', kebele: String(area.kebele) },
    ]);
    const [row] = await q<{ id: number }>('select id::int from da_profiles where phone_number = $1', [
      NEW_DA.phone,
    ]);
    daId = Number(row?.id);
  });

  /** The create-notification screen's call, with the link of the menu button of `u`. */
  /**
   * A notification of `u`'s, from the menu's Create notification button; `forged`, from the one
   * screen a DA without the grant still opens (Update profile, its own user id), as an attacker
   * would, since the menu no longer offers the entry (the hub's rule).
   */
  async function createNotification(u: TestUser, forged = false) {
    const p = product as Product;
    const launch = u.launchFromReply(t(forged ? 'bot.menu.update_profile' : 'bot.menu.create_notification'));
    const botUserId = Number(new URL(launch.url).searchParams.get(forged ? 'user_id' : 'bot_user_id'));
    const api = screenApi(p, launch);
    const r = await api.call('createNotification', {
      body: {
        name: 'Row planting day',
        message: 'Bring your group to the demonstration plot on market day.',
        content_type: 'advisory',
        send_now: false,
        frequency: 'weekly',
        interval: 1,
        location_type: 'kebele',
        location_id: area.kebele,
        region_id: area.region,
        zone_id: area.zone,
        woreda_id: area.woreda,
        kebele_id: area.kebele,
        created_by: botUserId,
      },
      idempotencyKey: newIdempotencyKey(),
    });
    return { r, launch };
  }

  it('gebere grant makes a notification manager; a DA without the grant is refused (403)', async () => {
    expect(replyLabels(manager)).toEqual(menuLabels(t, false));
    const refusedBefore = await createNotification(manager, true);
    expect(refusedBefore.r.ok).toBe(false);
    if (!refusedBefore.r.ok) expect(refusedBefore.r.error).toMatchObject({ status: 403 });
    refusedBefore.launch.close();

    // As the README runs it: the real entry, in the server's environment (its PORT, DATA_DIR and
    // DATABASE_URL; the service token is the generated one the copies share through the database).
    const { config } = product as Product;
    const listed = await gebere(['areas', `zone:${area.zone}`], settings);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(new RegExp(`\\b${area.woreda}\\b`));
    // By the woreda's code, though it does not extend its zone's (ET0313): found directly.
    const grant = await gebereEntry(
      ['grant', `0${MANAGER.phone}`, 'notification_manager', `woreda:${WOREDA}`],
      {
        PORT: String(config.port),
        DATA_DIR: config.dataDir,
        DATABASE_URL: dbUrl(mainDb),
      },
    );
    expect(grant.err).toBe('');
    expect(grant.code).toBe(0);
    const grants = await gebere(['grants', `0${MANAGER.phone}`], settings);
    expect(grants.code).toBe(0);
    expect(grants.out).toContain('notification_manager');

    // "within a few seconds, on every copy": this copy's actor cache may hold the old answer.
    // The menu the bot sends next offers the notification entries.
    let created: Awaited<ReturnType<typeof createNotification>> | undefined;
    await expect
      .poll(
        async () => {
          const before = mark(manager);
          await manager.send('/menu');
          await manager.waitFor(
            () =>
              manager
                .history()
                .slice(before)
                .find((m) => m.from === 'bot'),
            {
              timeoutMs: 10_000,
              description: 'the menu',
            },
          );
          if (!replyLabels(manager).includes(t('bot.menu.create_notification'))) return false;
          created?.launch.close();
          created = await createNotification(manager);
          return created.r.ok;
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    if (!created?.r.ok) throw new Error('not created');
    const n = created.r.data;
    const result: HandBackResult = {
      kind: 'notification_saved',
      notification_id: n.id,
      name: n.name,
      update: false,
    };
    const before = mark(manager);
    await created.launch.sendData(encodeResult(result));
    await botSays(manager, (text) => text.startsWith(summaryText(result, 'en')), 20_000, before);

    expect(replyLabels(da)).toEqual(menuLabels(t, false));
    const refused = await createNotification(da, true);
    expect(refused.r.ok).toBe(false);
    if (!refused.r.ok) expect(refused.r.error).toMatchObject({ status: 403 });
    refused.launch.close();
    expect(await q('select name, created_by::int from location_notifications')).toHaveLength(1);
  });

  it('the new DA adds a group, registers farmers in it, and records reach; the chat shows the summary', async () => {
    const p = product as Product;
    // Add development group, from the menu.
    let launch = da.launchFromReply(t('bot.menu.add_group'));
    let api = screenApi(p, launch);
    const linkParams = new URL(launch.url).searchParams;
    expect(Number(linkParams.get('da_id'))).toBe(daId);
    const group = ok(
      await api.call('createDevelopmentGroup', {
        body: { group_name: 'Tesfa women', group_type: 'women_only', kebele: area.kebele, created_by: daId },
        idempotencyKey: newIdempotencyKey(),
      }),
      'group',
    );
    groupId = group.id;
    let result: HandBackResult = { kind: 'group_added', group_id: group.id, group_name: group.group_name };
    let before = mark(da);
    await launch.sendData(encodeResult(result));
    await botSays(da, (text) => text.startsWith(summaryText(result, 'en')), 20_000, before);

    // Two farmers in that group, from Register farmer.
    for (const [name, phone] of [
      ['Tigist', '911000401'],
      ['Hailu', '911000402'],
    ] as const) {
      launch = da.launchFromReply(t('bot.menu.register_farmer'));
      api = screenApi(p, launch);
      const groups = asList(
        ok(
          await api.call('listDevelopmentGroups', { query: { kebele: area.kebele, paginate: 'false' } }),
          'groups',
        ),
      );
      expect(groups.map((g) => g.id)).toContain(groupId);
      const farmer = ok(
        await api.call('createFarmer', {
          body: {
            farmer_name: name,
            father_name: 'Mulu',
            grand_father_name: 'Girma',
            phone_number: phone,
            gender: name === 'Tigist' ? 'female' : 'male',
            created_by: daId,
            kebele: area.kebele,
            outbound_development_group: groupId,
          },
          idempotencyKey: newIdempotencyKey(),
        }),
        'farmer',
      );
      farmers.push(farmer.id);
      result = {
        kind: 'farmer_registered',
        farmer_id: farmer.id,
        name: `${name} Mulu Girma`,
        group_name: group.group_name,
      };
      before = mark(da);
      await launch.sendData(encodeResult(result));
      await botSays(da, (text) => text.startsWith(summaryText(result, 'en')), 20_000, before);
    }

    // Record reach: the bot's group picker, then Continue, which is the form's own button.
    before = mark(da);
    await da.pressReply(t('bot.menu.record_reach'));
    const picker = await da.waitForMessage((m) => m.text === t('bot.groups.select'), { timeoutMs: 20_000 });
    await da.pressInline(picker, `▫️ ${group.group_name}`);
    await da.waitFor(() => inlineLabels(da.message(picker)).includes(`✅ ${group.group_name}`), {
      timeoutMs: 20_000,
    });
    const next = inlineLabels(da.message(picker)).find((l) => l.startsWith(t('bot.groups.continue')));
    launch = da.launchFromInline(picker, next ?? t('bot.groups.continue'));
    expect(launch.queryId).toBeDefined(); // an inline launch: it hands back through /tg/result
    const link = new URL(launch.url).searchParams;
    expect(link.get('selectedids')).toBe(String(groupId));
    expect(Number(link.get('user_id'))).toBe(daId);
    api = screenApi(p, launch);

    // What the reach screen loads: the group, its farmers, the hierarchy down to the advisory.
    ok(await api.call('getDevelopmentGroup', { params: { id: groupId } }), 'group');
    const listed = asList(
      ok(
        await api.call('listFarmers', { query: { outbound_development_group: groupId, paginate: 'false' } }),
        'farmers',
      ),
    );
    expect(listed.map((f) => f.id).sort()).toEqual([...farmers].sort());
    const categories = asList(
      ok(await api.call('listValueChainCategories', { query: { paginate: 'false' } }), 'categories'),
    );
    const plant = categories.find((c) => c.name === 'Plant science');
    const chains = asList(
      ok(
        await api.call('listValueChains', {
          params: { id: plant?.id ?? 0 },
          query: { kebele_id: area.kebele, paginate: 'false' },
        }),
        'value chains',
      ),
    );
    const teff = chains.find((c) => c.name === 'Teff');
    const practices = asList(
      ok(
        await api.call('listPractices', {
          query: { value_chain_id: teff?.id ?? 0, kebele_id: area.kebele, paginate: 'false' },
        }),
        'practices',
      ),
    );
    const rowPlanting = practices.find((x) => x.name === 'Row planting');
    const subs = asList(
      ok(
        await api.call('listSubPractices', {
          params: { id: rowPlanting?.id ?? 0 },
          query: { paginate: 'false' },
        }),
        'sub-practices',
      ),
    );
    const seedRate = subs.find((s) => s.name === 'Seed rate 5–7 kg/ha');
    const advisories = ok(
      await api.call('listAdvisories', {
        query: {
          value_chain: teff?.id ?? 0,
          sub_practice: seedRate?.id ?? 0,
          location: `kebele,${area.kebele}`,
        },
      }),
      'advisories',
    ).results;
    expect(advisories.length).toBeGreaterThan(0);
    // The screen offers the newest of them.
    const advisory = [...advisories].sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
    if (!advisory) throw new Error('no advisory');

    const records = farmers.map((farmer) => ({ farmer, advisory: advisory.id }));
    const batch = ok(await api.call('createReachBatch', { body: { user: daId, records } }), 'reach');
    expect(batch.results.every((r) => r.ok)).toBe(true);
    result = {
      kind: 'reach_recorded',
      farmers: farmers.length,
      advisories: 1,
      recorded: farmers.length,
      failed: 0,
    };
    before = mark(da);
    // As the screen hands back from an inline launch: the companion answers its web app query.
    const handed = await fetch(`${p.base}/tg/result`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `tma ${launch.initData}`,
        'idempotency-key': 'operator-journey-reach',
      },
      body: JSON.stringify({ result }),
    });
    expect(await handed.json()).toEqual({ delivered: 'answer_web_app_query' });
    await botSays(da, (text) => text.startsWith(summaryText(result, 'en')), 20_000, before);

    expect(
      await q(
        'select farmer_id::int, advisory_id::int from reach_records where created_by = $1 order by farmer_id',
        [daId],
      ),
    ).toEqual(farmers.map((f) => ({ farmer_id: f, advisory_id: advisory.id })));
  });

  it('gebere export writes the reach records and farmers as Excel reads them: CSV and XLSX', async () => {
    const reachFile = join(work, 'reach.csv');
    const reach = await gebere(
      ['export', 'reach', '--kebele', String(area.kebele), '--out', reachFile],
      settings,
    );
    expect(reach.err).toBe('');
    expect(reach.out).toBe(`Wrote ${farmers.length} rows of reach to ${reachFile}.`);
    // Names and phones: the operator's account alone reads the file.
    expect(statSync(reachFile).mode & 0o777).toBe(0o600);
    const reachCsv = parseCsv(await readFile(reachFile, 'utf8')).map((r) => ({
      id: r.id,
      farmer_id: r.farmer_id,
      advisory_id: r.advisory_id,
      advisory_code: r.advisory_code,
      kebele_id: r.kebele_id,
      region_name_am: r.region_name_am,
      created_by_da_id: r.created_by_da_id,
      created_by_da_name: r.created_by_da_name,
      created_at: r.created_at,
      created_at_utc: r.created_at_utc,
    }));
    // Addis Ababa's wall clock (UTC+3), as Excel reads a date, beside the ISO UTC time.
    const reachRows = await q(
      `select r.id::text, r.farmer_id::text, r.advisory_id::text, a.code as advisory_code, f.kebele_id::text,
         rg.name_am as region_name_am, r.created_by::text as created_by_da_id,
         d.first_name || ' ' || d.father_name || ' ' || d.grand_father_name as created_by_da_name,
         to_char((r.created_at at time zone 'UTC') + interval '3 hours', 'YYYY-MM-DD HH24:MI:SS') as created_at,
         iso(r.created_at) as created_at_utc
       from reach_records r join farmers f on f.id = r.farmer_id join advisories a on a.id = r.advisory_id
       join da_profiles d on d.id = r.created_by join kebeles k on k.id = f.kebele_id
       join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id join regions rg on rg.id = z.region_id
       where r.created_by = $1 order by r.id`,
      [daId],
    );
    expect(reachCsv.sort((a, b) => Number(a.id) - Number(b.id))).toEqual(reachRows);
    expect(reachRows).toHaveLength(farmers.length);
    expect(reachCsv[0]?.created_by_da_name).toBe(`${NEW_DA.first} Bekele Desta`);
    expect(reachCsv[0]?.region_name_am).toBe('አማራ');

    const farmersFile = join(work, 'farmers.csv');
    const exported = await gebere(
      ['export', 'farmers', '--kebele', String(area.kebele), '--out', farmersFile],
      settings,
    );
    expect(exported.code).toBe(0);
    const farmerCsv = parseCsv(await readFile(farmersFile, 'utf8')).map((r) => ({
      id: r.id,
      farmer_name: r.farmer_name,
      father_name: r.father_name,
      grand_father_name: r.grand_father_name,
      phone_number: r.phone_number,
      gender: r.gender,
      development_group_id: r.development_group_id,
      development_group_name: r.development_group_name,
      created_by_da_id: r.created_by_da_id,
      created_at_utc: r.created_at_utc,
    }));
    const farmerRows = await q(
      `select f.id::text, f.farmer_name, f.father_name, f.grand_father_name, '0' || f.phone_number as phone_number,
         f.gender, f.development_group_id::text, g.group_name as development_group_name,
         f.created_by::text as created_by_da_id, iso(f.created_at) as created_at_utc
       from farmers f join development_groups g on g.id = f.development_group_id where f.kebele_id = $1 order by f.id`,
      [area.kebele],
    );
    expect(farmerCsv.sort((a, b) => Number(a.id) - Number(b.id))).toEqual(farmerRows);
    expect(farmerRows).toHaveLength(farmers.length);
    expect(farmerCsv.map((r) => r.phone_number).sort()).toEqual(['0911000401', '0911000402']);

    // The same table as a workbook, by the region's code as `gebere grant` takes it.
    const book = join(work, 'farmers.xlsx');
    const xlsx = await gebere(['export', 'farmers', '--region', 'ET03', '--out', book], settings);
    expect(xlsx.err).toBe('');
    expect(statSync(book).mode & 0o777).toBe(0o600);
    const [sheet] = await readXlsxFile(await readFile(book));
    const [header = [], ...rows] = sheet?.data ?? [];
    const col = (name: string) => (header as string[]).indexOf(name);
    expect(rows).toHaveLength(farmers.length);
    for (const row of rows) {
      expect(typeof row[col('id')]).toBe('number');
      expect(row[col('phone_number')]).toMatch(/^09110004\d\d$/);
      expect(row[col('created_at')]).toBeInstanceOf(Date);
      expect(row[col('region_name_am')]).toBe('አማራ');
      expect(row[col('created_by_da_name')]).toBe(`${NEW_DA.first} Bekele Desta`);
    }
  });

  it('gebere audit shows who made each write of the journey and of the import, before → after', async () => {
    const masked = (phone: string) => `<phone …${phone.slice(-2)}>`;
    const journey = await gebere(['audit', '--phone', `0${NEW_DA.phone}`, '--limit', '1000'], settings);
    expect(journey.err).toBe('');
    expect(journey.code).toBe(0);
    const lines = journey.out.split('\n');
    const has = (re: RegExp) =>
      expect(
        lines.filter((l) => re.test(l)),
        String(re),
      ).not.toEqual([]);
    const user = `user \\(tg ${da.id}, bot user \\d+, phone ${masked(NEW_DA.phone)}\\)`;
    const asDa = `DA ${daId} \\(tg ${da.id}, bot user \\d+, phone ${masked(NEW_DA.phone)}\\)`;
    // The bot kept the phone Telegram verified, for the user who shared it (not just "the token").
    has(
      new RegExp(
        `bot for tg ${da.id}  service  POST /api/bot-users/  bot_users:\\d+ update  .*phone_number: null → "${masked(NEW_DA.phone)}"`,
      ),
    );
    // The registration screen's call, through its signed link: the profile and a pending
    // enrolment (the roster does not list this DA); then VERIFIED by the operator's approval.
    has(
      new RegExp(
        `${user}  link /da_registration  POST /api/da-profiles/  da_profiles:${daId} insert  .*first_name: — → "Almaz"`,
      ),
    );
    has(
      /link \/da_registration {2}POST \/api\/da-profiles\/ {2}da_enrolments:\d+ insert {2}.*status: — → "pending"/,
    );
    has(
      /operator "gebere approve <phone …\d\d> \(os user [^)]+\)" {2}service {2}\S+ \S+ {2}bot_users:\d+ update {2}.*verification_status: "PENDING" → "VERIFIED"/,
    );
    // The group, the farmers and the reach, each by the DA through its screen's link.
    has(
      new RegExp(
        `${asDa}  link /add_development_group  POST /api/development-groups/  development_groups:${groupId} insert  .*group_name: — → "Tesfa women"`,
      ),
    );
    for (const farmer of farmers)
      has(
        new RegExp(
          `${asDa}  link /farmer_registration  POST /api/farmer-profiles/  farmers:${farmer} insert  `,
        ),
      );
    expect(
      lines.filter((l) =>
        /link \/record_reach {2}POST \/api\/reach-farmers\/batch\/ {2}reach_records:\d+ insert/.test(l),
      ),
    ).toHaveLength(farmers.length);
    // Phones are masked unless --unmask: the DA's, the farmers'.
    for (const phone of [NEW_DA.phone, '911000401', '911000402']) expect(journey.out).not.toContain(phone);
    const farmer = await gebere(['audit', '--record', `farmers:${farmers[0]}`, '--unmask'], settings);
    expect(farmer.out).toContain('phone_number: — → "911000401"');

    // The import: the roster's Abebe, created by the operator's command naming its file.
    const roster = await gebere(['audit', '--phone', `0${MANAGER.phone}`, '--limit', '1000'], settings);
    const rosterFile = join(SAMPLES, 'roster.csv');
    expect(roster.out).toMatch(
      new RegExp(
        `operator "gebere import roster ${rosterFile} \\(os user [^)]+\\)"  service  POST /api/import/\\{kind\\}/  da_roster:\\d+ insert  .*first_name: — → "Abebe"`,
      ),
    );
    // An import that changes a record shows the fields it changed, before → after.
    const changed = join(work, 'roles-changed.csv');
    const original = await readFile(join(SAMPLES, 'roles.csv'), 'utf8');
    await writeFile(changed, original.replace('Crop DA,የሰብል ልማት ሰራተኛ', 'Crop DA,የሰብል ባለሙያ'));
    const reimport = await gebere(['import', 'roles', changed], settings);
    expect(reimport.out).toContain('updated 1');
    const [role] = await q<{ id: number }>("select id::int from da_roles where name = 'Crop DA'");
    const history = await gebere(['audit', '--record', `da_roles:${role?.id}`], settings);
    expect(history.out.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `operator "gebere import roles ${join(SAMPLES, 'roles.csv')} .* da_roles:${role?.id} insert  id: — → ${role?.id}; name: — → "Crop DA"; name_am: — → "የሰብል ልማት ሰራተኛ"`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `operator "gebere import roles ${changed} .* da_roles:${role?.id} update  name_am: "የሰብል ልማት ሰራተኛ" → "የሰብል ባለሙያ"`,
        ),
      ),
      '2 rows',
    ]);
  });

  it('gebere backup, then gebere restore into a fresh database, gives the same rows', async () => {
    // The running engine plans the notification made above on its own tick: let it have, so
    // the database holds still between the backup and the fingerprint it is compared with.
    await expect
      .poll(
        () =>
          // Planned (its plan row no longer waiting at '-infinity', nothing left to queue) and
          // the delivery counters' changes folded in.
          q(`select (select count(*)::int from location_notifications n
               left join notification_plans p on p.notification_id = n.id
             where n.active and (p.wake_at = '-infinity' or p.planning_occurrence is not null))
             + (select count(*)::int from notification_count_changes) as n`),
        { timeout: 20_000 },
      )
      .toEqual([{ n: 0 }]);
    const file = join(work, 'b.dump');
    const backup = await gebere(['backup', file], settings);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(/^Backed up PostgreSQL \(pg_dump -Fc\) to /);
    backupPrint = await fingerprint(db, { timestamps: true });

    // README: restore needs the server stopped.
    const target = { ...settings, databaseUrl: dbUrl(restoredDb) };
    await admin(`create database ${restoredDb}`);
    const refused = await gebere(['restore', file], target);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is still running/);
    await (product as Product).close();
    product = undefined;

    const restored = await gebere(['restore', file], target);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/It holds 2 farmers/);
    const c = openPostgres({ connectionString: dbUrl(restoredDb), max: 1 });
    try {
      expect(await fingerprint(c, { timestamps: true })).toEqual(backupPrint);
    } finally {
      await c.close();
    }

    // The monthly restore test (docs/operations.md, "Backup and restore"): start the server on
    // the restored database and export.
    product = await startProduct({ DATABASE_URL: dbUrl(restoredDb), DEMO_DATA: '' });
    const again = join(work, 'farmers-restored.csv');
    const exported = await gebere(
      ['export', 'farmers', '--kebele', String(area.kebele), '--out', again],
      // As the real entry (cli/main.ts) reads them: the restored database holds the first
      // server's generated secrets, which this server adopted over its new DATA_DIR's.
      settingsFromConfig(await withSharedSecrets(product.config)),
    );
    expect(exported.err).toBe('');
    expect(exported.code).toBe(0);
    expect(await readFile(again, 'utf8')).toBe(await readFile(join(work, 'farmers.csv'), 'utf8'));
    // The restored database's trail ends with the restore itself: which file, by whom, what it replaced.
    const last = await gebere(
      ['audit', '--limit', '1'],
      settingsFromConfig(await withSharedSecrets(product.config)),
    );
    expect(last.out.split('\n')[0]).toMatch(
      new RegExp(
        `^\\S+Z  operator "gebere restore ${file} \\(os user [^)]+\\)"  local  -  database:- restore  file: — → "${file}"; kind: — → "postgres"; counts: — → \\{"farmers":2,.*\\}; replaced: — → null$`,
      ),
    );
  });
});
