import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { type User, uniquePhone } from '../../test/backend/test-kit/fixtures';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

/**
 * Who becomes a DA, from the operator's side: the registrations waiting (`gebere pending`), the
 * operator's decision (`approve`, `reject`), a status by phone, and `gebere who`, against a real
 * backend over HTTP, checked by what they print and by what the DA may then do.
 */
describe('gebere pending, approve, reject, status by phone, who', () => {
  let t: TestBackend;
  let settings: CliSettings;
  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
  });
  afterAll(() => t?.close());

  const gebere = (argv: string[]) =>
    runGebere(argv, settings).then(({ code, out, err }) => ({ code, out, err }));
  const masked = (phone: string) => `0${phone.slice(0, 3)}****${phone.slice(-2)}`;

  /** A DA who registers themself, not on the roster: PENDING, waiting for a decision. */
  async function selfRegistered(first_name: string, area = t.fx.area) {
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const r = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: { ...t.fx.daBody(user, phone, area), first_name },
    });
    expect(r.body.enrolment.status).toBe('PENDING');
    return { ...user, phone, daId: r.body.id as number };
  }
  const createGroup = (u: User & { daId: number }) =>
    t.call('POST', '/api/development-groups/', {
      headers: u.headers,
      body: { group_name: 'Tesfa', group_type: 'mixed', kebele: t.fx.area.kebele, created_by: u.daId },
    });
  const areaNames = async (kebele: number) =>
    (
      await t.db.query<{ k: string; w: string; z: string; r: string }>(
        `select k.name as k, w.name as w, z.name as z, r.name as r from kebeles k join woredas w on w.id = k.woreda_id
         join zones z on z.id = w.zone_id join regions r on r.id = z.region_id where k.id = $1`,
        [kebele],
      )
    ).rows[0] as { k: string; w: string; z: string; r: string };
  const role = async () =>
    (await t.db.query<{ name: string }>('select name from da_roles where id = $1', [t.fx.roleId])).rows[0]
      ?.name as string;

  it('pending lists who waits: name, masked phone, kebele with its names, role, since, who was asked', async () => {
    expect(await gebere(['pending'])).toEqual({ code: 0, out: 'No registrations are waiting.', err: '' });
    const alone = await selfRegistered('Almaz');
    const { k, w, z, r } = await areaNames(t.fx.area.kebele);
    const kebeleLine = `  kebele:${t.fx.area.kebele} ${k}, woreda ${w}, zone ${z}, region ${r}`;
    const first = await gebere(['pending']);
    expect(first.code).toBe(0);
    expect(first.out.split('\n')).toEqual([
      `Almaz Bekele Desta  ${masked(alone.phone)}  ${await role()}`,
      kebeleLine,
      expect.stringMatching(
        /^ {2}waiting since \d{4}-\d\d-\d\d \d\d:\d\d UTC; asked: nobody \(no supervisor covers the kebele\): an operator decides$/,
      ),
      '1 waiting',
    ]);
    expect(first.out).not.toContain(alone.phone);

    // A supervisor over the region is asked about the next one; --unmask shows the phones.
    const supervisorPhone = uniquePhone();
    await t.fx.user(`+251${supervisorPhone}`);
    await t.fx.grant(supervisorPhone, 'supervisor', 'region', t.fx.area.region);
    const asked = await selfRegistered('Hana');
    const second = await gebere(['pending', '--unmask']);
    expect(second.out).toContain(`Hana Bekele Desta  0${asked.phone}  ${await role()}`);
    expect(second.out).toContain(`asked: Tester 0${supervisorPhone} (queued)`);
    expect(second.out).toContain(`Almaz Bekele Desta  0${alone.phone}`);
    expect(second.out.split('\n').at(-1)).toBe('2 waiting');
    expect((await gebere(['pending'])).out).toContain(`asked: Tester ${masked(supervisorPhone)} (queued)`);
  });

  it('approve and reject decide by the DA’s phone in any form; the DA is told; a repeat changes nothing', async () => {
    const approved = await selfRegistered('Selam');
    expect((await createGroup(approved)).body.detail).toBe(
      'Your development agent registration is not verified yet.',
    );
    const { k } = await areaNames(t.fx.area.kebele);
    const yes = await gebere(['approve', `+251${approved.phone}`]);
    expect(yes.code).toBe(0);
    expect(yes.out.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Approved Selam Bekele Desta \\(0${approved.phone}, DA profile ${approved.daId}\\) for kebele:${t.fx.area.kebele} ${k}, `,
        ),
      ),
      'They are told in the chat; it applies within a few seconds on every copy of the server.',
    ]);
    expect((await createGroup(approved)).status).toBe(201);
    const told = await t.db.query<{ kind: string }>(
      `select m.kind from da_enrolment_messages m join bot_users b on b.id = m.bot_user_id
       where b.telegram_id = $1 order by m.id`,
      [approved.telegramId],
    );
    expect(told.rows.map((m) => m.kind)).toEqual(['pending', 'approved']);
    const again = await gebere(['approve', approved.phone]);
    expect(again.out).toMatch(
      /is already approved by an operator on \d{4}-\d\d-\d\d \d\d:\d\d UTC, for kebele:/,
    );

    const rejected = await selfRegistered('Mulu');
    const no = await gebere(['reject', `0${rejected.phone}`]);
    expect(no.code).toBe(0);
    expect(no.out).toMatch(/^Rejected Mulu Bekele Desta/);
    expect((await createGroup(rejected)).body.detail).toBe(
      'Your registration was rejected. Please contact your supervisor.',
    );
    // The operator may overturn it (their decision stands above everyone's).
    const overturned = await gebere(['approve', rejected.phone]);
    expect(overturned.out).toMatch(/^Approved Mulu Bekele Desta .*\(was rejected by an operator on .*\)\.\n/);
    expect((await createGroup(rejected)).status).toBe(201);
    expect((await gebere(['pending'])).out).not.toContain('Mulu');
  });

  it('a roster import that lists a waiting DA for their kebele verifies them and tells them', async () => {
    const waiting = await selfRegistered('Tsion');
    const code = (
      await t.db.query<{ code: string }>('select code from kebeles where id = $1', [t.fx.area.kebele])
    ).rows[0]?.code as string;
    const file = join(mkdtempSync(join(tmpdir(), 'gebere-roster-')), 'roster.csv');
    writeFileSync(
      file,
      `phone_number,first_name,father_name,grand_father_name,gender,kebele,role\n0${waiting.phone},Tsion,Bekele,Desta,female,${code},${await role()}\n`,
    );
    const imported = await gebere(['import', 'roster', file]);
    expect(imported.code, imported.err).toBe(0);
    expect((await createGroup(waiting)).status).toBe(201);
    const told = await t.db.query<{ kind: string }>(
      `select m.kind from da_enrolment_messages m join bot_users b on b.id = m.bot_user_id
       where b.telegram_id = $1 order by m.id`,
      [waiting.telegramId],
    );
    expect(told.rows.map((m) => m.kind)).toEqual(['pending', 'approved']);
    expect((await gebere(['pending'])).out).not.toContain('Tsion');
  });

  it('approve of a phone nobody registered, or a bad phone, is refused and writes nothing', async () => {
    const counts = await t.fx.rowCounts();
    const phone = uniquePhone();
    expect(await gebere(['approve', `0${phone}`])).toEqual({
      code: 1,
      out: '',
      err: `gebere: no DA registration for 0${phone} waits or was decided: \`gebere who 0${phone}\` shows what is known of it`,
    });
    expect(await gebere(['reject', '0911'])).toEqual({
      code: 2,
      out: '',
      err:
        'gebere: bad phone number "0911": give an Ethiopian mobile number such as 0911234567 or +251911234567\n' +
        'usage: gebere reject <phone>  (gebere reject --help)',
    });
    expect(await t.fx.rowCounts()).toEqual(counts);
  });

  it('status takes the phone an operator knows, or a Telegram id', async () => {
    const da = await t.fx.da();
    const rejected = await gebere(['status', `0${da.phone}`, 'REJECTED']);
    expect(rejected).toEqual({
      code: 0,
      out:
        `0${da.phone} (bot user ${da.botUserId}, Telegram ${da.telegramId}, DA profile ${da.daId}): VERIFIED → REJECTED.\n` +
        'It applies within a few seconds on every copy of the server.',
      err: '',
    });
    expect((await gebere(['status', `+251 ${da.phone}`, 'rejected'])).out).toBe(
      `0${da.phone} (bot user ${da.botUserId}, Telegram ${da.telegramId}, DA profile ${da.daId}) is already REJECTED.`,
    );
    // Bare digits that read as a phone are looked up as both; a Telegram id with tg:.
    expect((await gebere(['status', da.phone, 'VERIFIED'])).out).toContain('REJECTED → VERIFIED');
    expect((await gebere(['status', `tg:${da.telegramId}`, 'VERIFIED'])).out).toBe(
      `bot user ${da.botUserId} (Telegram ${da.telegramId}, DA profile ${da.daId}) is already VERIFIED.`,
    );
    expect((await createGroup(da)).status).toBe(201);
    const nobody = uniquePhone();
    expect(await gebere(['status', `0${nobody}`, 'PENDING'])).toEqual({
      code: 1,
      out: '',
      err: `gebere: no bot user has the phone 0${nobody}: the user must start the bot (/start) and share their contact first`,
    });
    // A number that is one user's phone and another's Telegram id: the operator must say which.
    const [first, second] = [uniquePhone(), uniquePhone()];
    await t.fx.user(`+251${first}`);
    await t.call('POST', '/api/bot-users/', {
      headers: { authorization: `Bearer ${settings.serviceToken}` },
      body: {
        telegram_id: Number(first),
        chat_id: Number(first),
        first_name: 'Twin',
        phone_number: `0${second}`,
      },
    });
    expect(await gebere(['status', first, 'PENDING'])).toEqual({
      code: 1,
      out: '',
      err:
        `gebere: ${first} is both a phone number and a Telegram id here: write 0${first} for the phone, ` +
        `or tg:${first} for the Telegram id`,
    });
  });

  it('who shows the profile with its areas, the bot user, the roster, grants and registrations', async () => {
    const da = await t.fx.da();
    await t.fx.grant(da.phone, 'notification_manager', 'region', t.fx.area.region);
    await t.call('PATCH', `/api/bot-users/${da.botUserId}/`, {
      headers: da.headers,
      body: { language: 'am' },
    });
    const { k, w, z, r } = await areaNames(t.fx.area.kebele);
    const area = `kebele:${t.fx.area.kebele} ${k}, woreda ${w}, zone ${z}, region ${r}`;
    const shown = await gebere(['who', `+251${da.phone}`]);
    expect(shown.code).toBe(0);
    expect(shown.out.split('\n')).toEqual([
      `Phone 0${da.phone}`,
      `DA profile ${da.daId}: Almaz Bekele Desta, ${await role()}`,
      `  ${area}`,
      `Bot user ${da.botUserId}: Telegram ${da.telegramId} (Tester), language am, VERIFIED, phone verified, DA profile ${da.daId}`,
      `Roster: ${area}, ${await role()}`,
      expect.stringMatching(
        new RegExp(
          `^Grant \\d+: notification_manager over region:${t.fx.area.region} since \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC$`,
        ),
      ),
      'Registration requests: none',
      expect.stringMatching(/^Audit, writes by this phone: (none|\d+, the last .*)$/),
      expect.stringMatching(
        /^Audit, changes to this person: \d+, the last \d{4}-\d\d-\d\d \d\d:\d\d UTC \(.*\)$/,
      ),
      expect.stringMatching(/^ {2}gebere audit --phone 0\d{9} lists them$/),
    ]);

    const waiting = await selfRegistered('Tigist', t.fx.otherArea);
    const pending = await gebere(['who', `0${waiting.phone}`]);
    expect(pending.out).toContain('Roster: not listed');
    expect(pending.out).toContain('Grants: none');
    expect(pending.out).toContain(', PENDING, phone verified,');
    expect(pending.out).toMatch(
      new RegExp(`Registration \\d+ for kebele:${t.fx.otherArea.kebele} .*: pending since .*; asked: nobody`),
    );
    // Their own registration is in the audit trail, under their phone.
    expect(pending.out).toMatch(
      /Audit, writes by this phone: [1-9]\d*, the last .*\(POST \/api\/da-profiles\/|Audit, writes by this phone: [1-9]\d*, the last .*\(PATCH /,
    );
    const unknown = uniquePhone();
    expect((await gebere(['who', unknown])).out).toBe(
      [
        `Phone 0${unknown}`,
        'DA profile: none',
        'Bot user: none has shared this phone with the bot',
        'Roster: not listed',
        'Grants: none',
        'Registration requests: none',
        'Audit, writes by this phone: none',
        'Audit, changes to this person: none',
      ].join('\n'),
    );
  });
});
