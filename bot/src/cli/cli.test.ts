import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH } from '../../test/backend/test-kit/auth-headers';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { type User, uniqueNumber, uniquePhone } from '../../test/backend/test-kit/fixtures';
import { loadConfig } from '../config';
import { type CliSettings, settingsFromConfig } from './backend-client';
import { runCli } from './commands';
import { listeningBackend, runGebere } from './test-kit';

/**
 * The operator's commands against a real embedded backend over HTTP (Fastify listening on a
 * loopback port), checked by what they print and by what the backend then allows.
 */
describe('gebere against a running backend', () => {
  let t: TestBackend;
  let settings: CliSettings;
  /** Everything the CLI printed in this file, to prove the token never appears. */
  const printed: string[] = [];

  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
  });
  afterAll(() => t?.close());

  async function gebere(argv: string[], use: Partial<CliSettings> = {}) {
    const { code, out, err, lines } = await runGebere(argv, { ...settings, ...use });
    printed.push(...lines);
    return { code, out, err };
  }

  /** A send-now location notification, as the notifications screen creates it. */
  const notify = (
    user: User,
    target: { location_type: string; location_id?: number } = { location_type: 'all' },
  ) =>
    t.call('POST', '/api/location-notifications/', {
      headers: user.headers,
      body: {
        name: 'Rain is coming',
        message: 'Plant teff in rows this week.',
        content_type: 'advisory',
        created_by: user.botUserId,
        send_now: true,
        ...target,
      },
    });

  it('grant makes the user with that verified phone a manager; grants lists it; revoke takes it back', async () => {
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const before = await notify(user);
    expect(before.status).toBe(403);
    expect(before.body.detail).toBe('Only notification managers appointed by your organisation can do this.');

    const granted = await gebere(['grant', `0${phone}`, 'notification_manager', 'all']);
    expect(granted.code).toBe(0);
    expect(granted.err).toBe('');
    expect(granted.out).toMatch(
      new RegExp(`^Granted notification_manager over all to 0${phone} \\(grant \\d+\\)\\.\n`),
    );
    expect(granted.out).toContain('within a few seconds');
    expect((await notify(user)).status).toBe(201);

    const again = await gebere(['grant', `+251 ${phone}`, 'notification-manager', 'ALL']);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(
      new RegExp(
        `^0${phone} already holds notification_manager over all \\(grant \\d+, since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\)\\.$`,
      ),
    );
    const rows = await t.db.query('select 1 from role_grants where phone_number = $1', [phone]);
    expect(rows.rows).toHaveLength(1);

    const mine = await gebere(['grants', `0${phone}`]);
    expect(mine.code).toBe(0);
    expect(mine.out.split('\n')).toEqual([
      expect.stringMatching(/^ID +PHONE +ROLE +AREA +SINCE$/),
      expect.stringMatching(
        new RegExp(`^\\d+ +0${phone} +notification_manager +all +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`),
      ),
      '1 grant',
    ]);
    const everyone = await gebere(['grants']);
    expect(everyone.code).toBe(0);
    // Phones the operator did not type are masked.
    expect(everyone.out).toContain(`0${phone.slice(0, 3)}****${phone.slice(-2)}`);
    expect(everyone.out).not.toContain(phone);

    const revoked = await gebere(['revoke', `0${phone}`, 'notification_manager', 'all']);
    // The send-now it made under the grant is paused with it (notifications.test.ts).
    expect(revoked).toEqual({
      code: 0,
      out:
        `Revoked notification_manager over all from 0${phone}.\nIt applies within a few seconds on every copy of the server.\n` +
        `Paused 1 notification of 0${phone}: no grant of theirs covers its area any more.\n` +
        `\`gebere notifications --phone 0${phone} --paused\` lists them; \`gebere notifications resume <id>\` resumes one once a grant covers it.`,
      err: '',
    });
    expect((await notify(user)).status).toBe(403);
    const none = await gebere(['revoke', `0${phone}`, 'notification_manager', 'all']);
    expect(none.out).toBe(
      `Nothing to revoke: 0${phone} holds no notification_manager over all.\n\`gebere grants 0${phone}\` lists what it holds.`,
    );
    expect((await gebere(['grants', `0${phone}`])).out).toBe(`No grants for 0${phone}.`);
  });

  it('an area grant, by id or by code, covers that area only', async () => {
    const { region } = t.fx.area;
    const code = (await t.db.query<{ code: string }>('select code from regions where id = $1', [region]))
      .rows[0]?.code as string;
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const byCode = await gebere([
      'grant',
      `0${phone}`,
      'notification_manager',
      `region:${code.toLowerCase()}`,
    ]);
    expect(byCode.code).toBe(0);
    expect(byCode.out).toContain(`Granted notification_manager over region:${region} to 0${phone}`);
    expect((await notify(user, { location_type: 'region', location_id: region })).status).toBe(201);
    expect((await notify(user, { location_type: 'region', location_id: t.fx.otherArea.region })).status).toBe(
      403,
    );
    expect((await notify(user)).status).toBe(403);
    const byId = await gebere(['revoke', `0${phone}`, 'notification_manager', `region:${region}`]);
    expect(byId.out).toContain(`Revoked notification_manager over region:${region} from 0${phone}.`);
    expect((await notify(user, { location_type: 'region', location_id: region })).status).toBe(403);
  });

  it('areas lists the ids grant takes, level by level', async () => {
    const { region, zone } = t.fx.area;
    const regions = await gebere(['areas']);
    expect(regions.code).toBe(0);
    expect(regions.out.split('\n')[0]).toMatch(/^AREA +CODE +NAME$/);
    expect(regions.out).toMatch(new RegExp(`^region:${region} +ET\\d+ +\\S`, 'm'));
    const zones = await gebere(['areas', `region:${region}`]);
    expect(zones.out).toMatch(new RegExp(`^zone:${zone} +`, 'm'));
    expect(zones.out).not.toContain('region:');
    const kebele = await gebere(['areas', `kebele:${t.fx.area.kebele}`]);
    expect(kebele).toMatchObject({
      code: 2,
      err: expect.stringContaining('a kebele has no areas inside it'),
    });
  });

  it('status REJECTED stops a DA at once, PENDING too, VERIFIED lets them back', async () => {
    const da = await t.fx.da();
    const groupBody = {
      group_name: 'Tesfa',
      group_type: 'mixed',
      kebele: da.area.kebele,
      created_by: da.daId,
    };
    const createGroup = () =>
      t.call('POST', '/api/development-groups/', { headers: da.headers, body: groupBody });
    expect((await createGroup()).status).toBe(201);

    const rejected = await gebere(['status', String(da.telegramId), 'rejected']);
    expect(rejected).toEqual({
      code: 0,
      out:
        `bot user ${da.botUserId} (Telegram ${da.telegramId}, DA profile ${da.daId}): VERIFIED → REJECTED.\n` +
        'It applies within a few seconds on every copy of the server.',
      err: '',
    });
    const refused = await createGroup();
    expect(refused).toMatchObject({
      status: 403,
      body: { detail: 'Your registration was rejected. Please contact your supervisor.' },
    });
    // The DA cannot undo it.
    const selfHeal = await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: da.headers,
      body: { verification_status: 'VERIFIED' },
    });
    expect(selfHeal.status).toBe(403);
    expect((await gebere(['status', String(da.telegramId), 'REJECTED'])).out).toBe(
      `bot user ${da.botUserId} (Telegram ${da.telegramId}, DA profile ${da.daId}) is already REJECTED.`,
    );

    expect((await gebere(['status', String(da.telegramId), 'PENDING'])).code).toBe(0);
    expect((await createGroup()).body.detail).toBe(
      'Your development agent registration is not verified yet.',
    );
    expect((await gebere(['status', String(da.telegramId), 'VERIFIED'])).code).toBe(0);
    expect((await createGroup()).status).toBe(201);
  });

  it('status VERIFIED for an account without a DA profile is refused and changes nothing', async () => {
    const user = await t.fx.user();
    const r = await gebere(['status', String(user.telegramId), 'VERIFIED']);
    expect(r).toEqual({
      code: 1,
      out: '',
      err:
        `gebere: bot user ${user.botUserId} (Telegram ${user.telegramId}) cannot be VERIFIED: it is not linked ` +
        'to a DA profile (the DA registers, or shares the phone of a DA of the roster, first)',
    });
    const row = await t.db.query<{ s: string }>(
      'select verification_status as s from bot_users where id = $1',
      [user.botUserId],
    );
    expect(row.rows[0]?.s).toBe('PENDING');
  });

  it('bad command lines give their exact error, exit 2, and write nothing', async () => {
    const phone = `0${uniquePhone()}`;
    const counts = await t.fx.rowCounts();
    const cases: Array<[string[], string]> = [
      [
        ['grant', '0911', 'notification_manager', 'all'],
        'gebere: bad phone number "0911": give an Ethiopian mobile number such as 0911234567 or +251911234567\n' +
          'usage: gebere grant <phone> <role> <area>  (gebere grant --help)',
      ],
      [
        ['grant', phone, 'admin', 'all'],
        'gebere: unknown role "admin": use one of notification_manager, supervisor\n' +
          'usage: gebere grant <phone> <role> <area>  (gebere grant --help)',
      ],
      [
        ['revoke', phone, 'supervisor', 'regn:3'],
        'gebere: bad area "regn:3": use all, or region:<id>, zone:<id>, woreda:<id>, kebele:<id> (e.g. region:3)\n' +
          'usage: gebere revoke <phone> <role> <area>  (gebere revoke --help)',
      ],
      [
        ['grant', phone, 'supervisor', 'zone:'],
        'gebere: bad area "zone:": use all, or region:<id>, zone:<id>, woreda:<id>, kebele:<id> (e.g. region:3)\n' +
          'usage: gebere grant <phone> <role> <area>  (gebere grant --help)',
      ],
      [
        ['grant', phone, 'supervisor', 'zone:north'],
        'gebere: bad area "zone:north": after zone: give its id or its code, e.g. zone:3 (`gebere areas` lists them)\n' +
          'usage: gebere grant <phone> <role> <area>  (gebere grant --help)',
      ],
      [
        ['grant', phone, 'supervisor'],
        'gebere: grant: missing <area>\nusage: gebere grant <phone> <role> <area>  (gebere grant --help)',
      ],
      [
        ['grants', phone, 'extra'],
        'gebere: grants: unexpected "extra"\nusage: gebere grants [phone]  (gebere grants --help)',
      ],
      [
        ['status', '12ab', 'REJECTED'],
        'gebere: bad phone number or Telegram id "12ab": give the user\'s phone (0911234567, +251911234567) ' +
          'or their numeric Telegram id (e.g. 123456789)\n' +
          'usage: gebere status <phone|telegram-id> <PENDING|VERIFIED|REJECTED>  (gebere status --help)',
      ],
      [
        ['status', '123', 'BANNED'],
        'gebere: unknown status "BANNED": use one of PENDING, VERIFIED, REJECTED\n' +
          'usage: gebere status <phone|telegram-id> <PENDING|VERIFIED|REJECTED>  (gebere status --help)',
      ],
      [['grnat'], 'gebere: unknown command "grnat"\n`gebere help` lists the commands'],
      [
        ['grants', '--all'],
        'gebere: unknown option --all\nusage: gebere grants [phone]  (gebere grants --help)',
      ],
      [
        ['grants', '--url', 'ftp://x'],
        'gebere: bad --url "ftp://x": give the server\'s http(s) address, e.g. http://localhost:8080',
      ],
    ];
    for (const [argv, err] of cases)
      expect(await gebere(argv), argv.join(' ')).toEqual({ code: 2, out: '', err });
    expect(await t.fx.rowCounts()).toEqual(counts);
  });

  it('refusals from the server are worded for the operator and write nothing', async () => {
    const phone = `0${uniquePhone()}`;
    const counts = await t.fx.rowCounts();
    expect(await gebere(['grant', phone, 'supervisor', 'woreda:99999999'])).toEqual({
      code: 1,
      out: '',
      err: 'gebere: no woreda with id 99999999: `gebere areas` lists the ids',
    });
    expect(await gebere(['grant', phone, 'supervisor', 'region:ET99'])).toEqual({
      code: 1,
      out: '',
      err: 'gebere: no region with code ET99 found: give its id instead (`gebere areas` lists ids)',
    });
    const telegramId = uniqueNumber();
    expect(await gebere(['status', String(telegramId), 'REJECTED'])).toEqual({
      code: 1,
      out: '',
      err: `gebere: no bot user with Telegram id ${telegramId}: the user must start the bot (/start) first`,
    });
    expect(
      await gebere(['grant', phone, 'supervisor', 'all'], { serviceToken: 'not-the-token-0123456789' }),
    ).toEqual({
      code: 1,
      out: '',
      err:
        `gebere: the server at ${settings.backendUrl} refused the service token (401): the token from ` +
        "BACKEND_SERVICE_TOKEN does not match the server's. Run this where the server runs (same DATA_DIR and " +
        ".env), or set BACKEND_SERVICE_TOKEN to the server's token",
    });
    expect(await t.fx.rowCounts()).toEqual(counts);
  });

  it('an unreachable server is named, with how to start it; --url points elsewhere', async () => {
    // A port that was just free: listen, note it, close.
    const spare = (await import('node:net')).createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const { port } = spare.address() as AddressInfo;
    await new Promise((resolve) => spare.close(resolve));

    const down = `http://127.0.0.1:${port}/backend`;
    expect(await gebere(['grants'], { backendUrl: down })).toEqual({
      code: 1,
      out: '',
      err: `gebere: cannot reach the server at ${down}: start it with \`npm start\` (or give its address with --url)`,
    });
    expect(await gebere(['grants', '--url', `http://127.0.0.1:${port}`])).toMatchObject({
      code: 1,
      err: expect.stringContaining(`cannot reach the server at ${down}:`),
    });
    // --url wins over the configured address: the live server answers through it.
    const live = settings.backendUrl.replace(/\/backend$/, '');
    const via = await gebere([`--url=${live}/`, 'areas'], { backendUrl: down });
    expect(via.code).toBe(0);
    expect(via.out).toMatch(/^AREA +CODE +NAME$/m);
  });

  it('help lists every command; --help explains one; neither needs the server', async () => {
    const noServer = () => {
      throw new Error('help must not read the settings');
    };
    const run = async (argv: string[]) => {
      const out: string[] = [];
      const code = await runCli(argv, {
        out: { out: (l) => out.push(l), err: (l) => out.push(l) },
        settings: noServer,
      });
      return { code, out: out.join('\n') };
    };
    const help = await run(['help']);
    expect(help.code).toBe(0);
    for (const c of [
      'grant <phone> <role> <area>',
      'revoke <phone> <role> <area>',
      'grants [phone]',
      'status <phone|telegram-id>',
      'pending [--unmask]',
      'approve <phone>',
      'reject <phone>',
      'who <phone>',
    ])
      expect(help.out).toContain(`  ${c}`);
    expect((await run([])).code).toBe(2);
    const grant = await run(['grant', '--help']);
    expect(grant.code).toBe(0);
    expect(grant.out).toMatch(/^usage: gebere grant <phone> <role> <area>\n/);
    expect(grant.out).toContain('Example: gebere grant 0911234567 notification_manager region:3');
    expect((await run(['help', 'status'])).out).toMatch(
      /^usage: gebere status <phone\|telegram-id> <PENDING\|VERIFIED\|REJECTED>/,
    );
  });

  it('main reads the server and its token through config.ts: PORT, BACKEND_SERVICE_TOKEN or DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gebere-cli-'));
    try {
      const { port } = t.app.server.address() as AddressInfo;
      // The generated token, as the server keeps it in DATA_DIR/secrets.json.
      const generated = settingsFromConfig(loadConfig({ PORT: String(port), DATA_DIR: dataDir }));
      const stored = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
      expect(generated).toEqual({
        backendUrl: settings.backendUrl,
        serviceToken: stored.serviceToken,
        tokenSource: `${dataDir}/secrets.json`,
        databaseUrl: undefined,
        dataDir,
      });
      expect(
        settingsFromConfig(
          loadConfig({
            BACKEND_URL: 'https://api.example.org/x/',
            DATA_DIR: dataDir,
            DATABASE_URL: 'postgres://gebere@db.example.org/gebere',
          }),
        ),
      ).toMatchObject({
        backendUrl: 'https://api.example.org/x',
        databaseUrl: 'postgres://gebere@db.example.org/gebere',
      });

      // The real entry, as `npm run gebere` runs it.
      const phone = uniquePhone();
      const env = { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir };
      const ok = await runMain(['grant', `0${phone}`, 'supervisor', 'all'], {
        ...env,
        BACKEND_SERVICE_TOKEN: TEST_AUTH.serviceToken,
      });
      expect(ok).toMatchObject({ code: 0, stderr: '' });
      expect(ok.stdout).toMatch(new RegExp(`^Granted supervisor over all to 0${phone} `));
      const wrong = await runMain(['grants'], env);
      expect(wrong).toMatchObject({ code: 1, stdout: '' });
      expect(wrong.stderr).toContain(
        `refused the service token (401): the token from ${dataDir}/secrets.json`,
      );
      expect(wrong.stderr).not.toContain(stored.serviceToken);
      const badConfig = await runMain(['grants'], { ...env, PORT: 'eighty' });
      expect(badConfig).toMatchObject({ code: 2, stdout: '' });
      expect(badConfig.stderr).toContain('PORT must be a number between 1 and 65535 (got "eighty")');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('never prints the service token', () => {
    expect(printed.length).toBeGreaterThan(20);
    expect(printed.join('\n')).not.toContain(TEST_AUTH.serviceToken);
  });
});

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** bot/src/cli/main.ts in a child process with only `env`. */
function runMain(argv: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...argv], {
      env,
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
