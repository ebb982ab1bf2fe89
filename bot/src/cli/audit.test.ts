import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { type Da, uniquePhone } from '../../test/backend/test-kit/fixtures';
import { formatCsv } from '../backend/csv';
import { openPglite } from '../backend/db/pglite';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

/** A loopback URL nothing listens on (restore wants the server stopped). */
async function closedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}/backend`;
}

/** `gebere audit` against a real backend: what the writes of a DA and an operator left. */
describe('gebere audit', () => {
  let t: TestBackend;
  let settings: CliSettings;
  let da: Da;
  let farmer: { id: number; phone: string };
  let work: string;
  const gebere = (argv: string[], use: Partial<CliSettings> = {}) => runGebere(argv, { ...settings, ...use });

  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
    work = mkdtempSync(join(tmpdir(), 'gebere-audit-'));
    da = await t.fx.da();
    const group = await t.fx.group(da, 'Audit CLI group');
    const body = t.fx.farmerBody(da, group, 'Cli');
    const r = await t.call('POST', '/api/farmer-profiles/', { headers: da.headers, body });
    farmer = { id: r.body.id, phone: r.body.phone_number };
  });
  afterAll(async () => {
    rmSync(work, { recursive: true, force: true });
    await t?.close();
  });

  it('prints one line per row: time, who, proof, route, record and field: before → after, phones masked', async () => {
    const r = await gebere(['audit', '--record', `farmer:${farmer.id}`]);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const [line, summary] = r.out.split('\n');
    expect(summary).toBe('1 row');
    expect(line).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ  DA ${da.daId} \\(tg ${da.telegramId}, bot user ${da.botUserId}, ` +
          `phone <phone …${da.phone.slice(-2)}>\\)  initData  POST /api/farmer-profiles/  farmers:${farmer.id} insert  `,
      ),
    );
    expect(line).toContain('farmer_name: — → "Cli"');
    expect(line).toContain(`phone_number: — → "<phone …${farmer.phone.slice(-2)}>"`);
    expect(line).toMatch(/\[request [\w.:-]+\]$/);
    expect(r.out).not.toContain(farmer.phone);
    expect(r.out).not.toContain(da.phone);

    const unmasked = await gebere(['audit', '--record', `farmers:${farmer.id}`, '--unmask']);
    expect(unmasked.out).toContain(`phone_number: — → "${farmer.phone}"`);
    expect(unmasked.out).toContain(`phone ${da.phone})`);
  });

  it("labels the operator's own writes with the command, and filters by phone, area, day and limit", async () => {
    const phone = uniquePhone();
    expect((await gebere(['grant', `0${phone}`, 'supervisor', `kebele:${da.area.kebele}`])).code).toBe(0);
    expect((await gebere(['revoke', `0${phone}`, 'supervisor', `kebele:${da.area.kebele}`])).code).toBe(0);
    const r = await gebere(['audit', '--phone', `0${phone}`]);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      new RegExp(
        `operator "gebere grant <phone …${phone.slice(-2)}> supervisor kebele:${da.area.kebele} \\(os user [^)]+\\)"  ` +
          'service  POST /api/role-grants/  role_grants:\\d+ insert  ',
      ),
    );
    expect(lines[1]).toMatch(/POST \/api\/role-grants\/revoke\/ {2}role_grants:\d+ delete {2}id: \d+ → —/);
    expect(lines[2]).toBe('2 rows');
    expect(r.out).not.toContain(phone);

    const inKebele = await gebere(['audit', '--area', `kebele:${da.area.kebele}`, '--limit', '1000']);
    expect(inKebele.out).toContain(`farmers:${farmer.id} insert`);
    expect(inKebele.out).toContain('role_grants:');
    const elsewhere = await gebere(['audit', '--area', `region:${t.fx.otherArea.region}`, '--limit', '1000']);
    expect(elsewhere.out).not.toContain(`farmers:${farmer.id} `);
    const today = new Date().toISOString().slice(0, 10);
    expect((await gebere(['audit', '--phone', `0${phone}`, '--from', today, '--to', today])).out).toBe(r.out);
    expect((await gebere(['audit', '--to', '2001-01-01'])).out).toBe('No audit rows match.');
    const two = await gebere(['audit', '--limit', '2']);
    expect(two.out.split('\n')).toHaveLength(3);
    expect(two.out).toMatch(/\n2 rows \(the newest 2; --limit shows more\)$/);
  });

  it('shows what an import created and changed, attributed to the file', async () => {
    const file = join(work, 'roles.csv');
    writeFileSync(
      file,
      formatCsv([
        ['name', 'name_am'],
        ['Audit CLI role', ''],
      ]),
    );
    expect((await gebere(['import', 'roles', file])).code).toBe(0);
    writeFileSync(
      file,
      formatCsv([
        ['name', 'name_am'],
        ['Audit CLI role', 'ሚና'],
      ]),
    );
    expect((await gebere(['import', 'roles', file])).code).toBe(0);
    const id = (await t.db.query<{ id: number }>("select id from da_roles where name = 'Audit CLI role'"))
      .rows[0]?.id;
    const r = await gebere(['audit', '--record', `da_roles:${id}`]);
    const label = `operator "gebere import roles ${file} (os user`;
    expect(r.out.split('\n').map((l) => l.includes(label))).toEqual([true, true, false]);
    expect(r.out).toContain(
      `da_roles:${id} insert  id: — → ${id}; name: — → "Audit CLI role"; name_am: — → null`,
    );
    expect(r.out).toContain(`da_roles:${id} update  name_am: null → "ሚና"`);
  });

  it('refuses a wrong command line with its usage', async () => {
    for (const [argv, message] of [
      [['audit', '--record', 'cows:1'], 'bad --record "cows:1": give <table>:<id>'],
      [['audit', '--phone', '12'], 'bad phone number "12"'],
      [['audit', '--from', '2026-13-45'], 'bad --from "2026-13-45"'],
      [
        ['audit', '--from', '2026-02-01', '--to', '2026-01-01'],
        '--to 2026-01-01 is before --from 2026-02-01',
      ],
      [['audit', '--limit', '0'], 'bad --limit "0"'],
      [['audit', '--area', 'planet:1'], 'bad area "planet:1"'],
      [['audit', 'extra'], 'audit: unexpected "extra"'],
    ] as const) {
      const r = await gebere([...argv]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toContain(message);
      expect(r.err).toContain('usage: gebere audit');
    }
  });

  it('a restore leaves a row in the restored database: from which file, by whom, what it replaced', async () => {
    const file = join(work, 'audit.backup');
    expect((await gebere(['backup', file])).code).toBe(0);
    const dataDir = join(work, 'data');
    const offline = { backendUrl: await closedUrl(), dataDir };
    expect((await gebere(['restore', file], offline)).code).toBe(0);
    const forced = await gebere(['restore', file, '--force'], offline);
    expect(forced.code).toBe(0);
    const aside = /^Moved the database that was there to (.+)\.$/m.exec(forced.out)?.[1];
    const db = await openPglite(join(dataDir, 'pglite'));
    try {
      const rows = (
        await db.query<{
          actor: string;
          proof: string;
          operator: string;
          action: string;
          after: Record<string, unknown>;
        }>(
          "select actor, proof, operator, action, after from audit_log where table_name = 'database' order by id",
        )
      ).rows;
      // The first restore's row was in the database the second one moved aside.
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actor: 'operator',
        proof: 'local',
        action: 'restore',
        after: { file: resolve(file), kind: 'pglite', replaced: aside },
      });
      expect(rows[0]?.operator.startsWith(`gebere restore ${file} (os user `)).toBe(true);
      expect(rows[0]?.after.counts).toMatchObject({ farmers: expect.any(Number) });
      // The writes before the backup are still there.
      const farmerRows = await db.query('select 1 from audit_log where table_name = $1 and record_id = $2', [
        'farmers',
        farmer.id,
      ]);
      expect(farmerRows.rows).toHaveLength(1);
    } finally {
      await db.close();
    }
  }, 90_000);
});
