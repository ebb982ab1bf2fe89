// Attack suite: a DA who makes themself (docs/authorization.md, "Verification status"). The
// attack as it was shown: share one's own contact, register a DA profile with one's own phone
// and any kebele, PATCH oneself to VERIFIED, read that kebele's groups and farmers; PUT the
// profile to the next kebele and repeat (six kebeles gave 136 farmer names in 0.6 s). Now the
// organisation decides: the roster, a supervisor of the kebele, or an operator.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { proof } from '../backend/test-kit/auth-headers';
import { startBackend, type TestBackend } from '../backend/test-kit/backend';
import { describeOnDatabases } from '../backend/test-kit/databases';
import { type Area, type Da, type User, uniquePhone } from '../backend/test-kit/fixtures';
import { detail, expectRefused } from './test-kit';

/** What the user reads when the screen's PATCH asks for VERIFIED too early (copied on purpose). */
const WAITING = {
  en: "Your registration as a development agent is waiting for your organisation's approval. You will get a message in the chat with the bot when it is decided.",
  am: 'የልማት ሰራተኛ ምዝገባዎ በድርጅትዎ እንዲጸድቅ እየጠበቀ ነው። ውሳኔው ሲሰጥ በቦቱ ውይይት መልዕክት ይደርስዎታል።',
  om: "Galmeen keessan kan hojjetaa misoomaa mirkaneessa dhaabbata keessanii eegaa jira. Yommuu murtaa'u, haasaa bootii keessatti ergaan isin ga'a.",
};

describeOnDatabases('attacks on enrolment (%s)', (kind) => {
  let t: TestBackend;
  /** Kebeles with a development group and a farmer each, made by their own roster DA. */
  const kebeles: Array<{ area: Area; da: Da; group: number; farmer: number }> = [];
  beforeAll(async () => {
    t = await startBackend(kind);
    const areas = await t.db.query<Area>(
      `select z.region_id as region, w.zone_id as zone, k.woreda_id as woreda, k.id as kebele
       from kebeles k join woredas w on w.id = k.woreda_id join zones z on z.id = w.zone_id
       order by k.id limit 6`,
    );
    for (const area of areas.rows) {
      const da = await t.fx.da(area);
      const group = await t.fx.group(da, `Group of ${area.kebele}`);
      kebeles.push({ area, da, group, farmer: await t.fx.farmer(da, group, `Farmer of ${area.kebele}`) });
    }
  });
  afterAll(() => t?.close());

  const target = () => kebeles[0] as (typeof kebeles)[number];
  const status = async (botUserId: number) =>
    (
      await t.db.query<{ s: string }>('select verification_status as s from bot_users where id = $1', [
        botUserId,
      ])
    ).rows[0]?.s;
  /** Everything a DA of the kebele may read or write there, as the attacker would try it. */
  const daCalls = (
    k: (typeof kebeles)[number],
    me: User & { daId: number },
  ): Array<[Parameters<typeof expectRefused>[1], string, object]> => [
    ['GET', '/api/development-groups/', { query: { kebele: k.area.kebele } }],
    ['GET', '/api/farmer-profiles/', { query: { outbound_development_group: k.group } }],
    ['GET', `/api/farmerlist-adoption/${k.group}/`, {}],
    ['GET', `/api/development-groups/${k.group}/`, {}],
    [
      'POST',
      '/api/development-groups/',
      { body: { group_name: 'Mine', group_type: 'mixed', kebele: k.area.kebele, created_by: me.daId } },
    ],
    [
      'POST',
      '/api/farmer-profiles/',
      {
        body: {
          ...t.fx.farmerBody({ ...k.da, daId: me.daId }, k.group, 'Planted'),
          created_by: me.daId,
        },
      },
    ],
    [
      'POST',
      '/api/reach-farmers/',
      { body: { farmer: k.farmer, advisory: t.fx.advisoryIds[0], user: me.daId } },
    ],
    [
      'POST',
      '/api/adoption/',
      {
        body: {
          farmer: k.farmer,
          advisory: t.fx.advisoryIds[0],
          created_by: me.daId,
          adoption_type: 'SELF_REPORTED',
        },
      },
    ],
  ];

  /** The attacker: their own contact shared, then a DA profile with their phone in kebele `area`. */
  async function selfMade(area: Area) {
    const phone = uniquePhone();
    const user = await t.fx.user(`+251${phone}`);
    const r = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: t.fx.daBody(user, phone, area),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { ...user, phone, daId: r.body.id as number, created: r.body };
  }

  it('registering with any kebele is PENDING: the kebele’s groups, farmers and records stay closed', async () => {
    const k = target();
    const attacker = await selfMade(k.area);
    expect(attacker.created.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
    expect(await status(attacker.botUserId)).toBe('PENDING');
    for (const [method, path, o] of daCalls(k, attacker))
      await expectRefused(t, method, path, { headers: attacker.headers, ...o }, 403, detail('da_pending'));
    // The reports of the kebele, and a notification's recipients there, do not count them either.
    await expectRefused(
      t,
      'GET',
      '/api/reports/',
      { headers: attacker.headers, query: { level: 'kebele', area: k.area.kebele } },
      403,
      detail('no_report_scope'),
    );
    const manager = await t.fx.manager();
    const recipients = await t.call('GET', '/api/location-notifications/recipients/', {
      headers: manager.headers,
      query: { location_type: 'kebele', location_id: k.area.kebele },
    });
    expect(recipients.body.recipients).toBe(1); // the kebele's own DA, not the attacker
  });

  it('the spec’s PATCH to VERIFIED is refused (403, in en, am and om) and writes nothing', async () => {
    const attacker = await selfMade(target().area);
    const path = `/api/bot-users/${attacker.botUserId}/`;
    const body = { id: attacker.botUserId, verification_status: 'VERIFIED' };
    await expectRefused(t, 'PATCH', path, { headers: attacker.headers, body }, 403, {
      en: { detail: WAITING.en },
      am: { detail: WAITING.am },
    });
    const before = await t.fx.rowCounts();
    const om = await t.call('PATCH', path, {
      headers: { ...attacker.headers, 'accept-language': 'om' },
      body,
    });
    expect({ status: om.status, body: om.body }).toEqual({ status: 403, body: { detail: WAITING.om } });
    expect(await t.fx.rowCounts()).toEqual(before);
    expect(await status(attacker.botUserId)).toBe('PENDING');
    // Nor can they decide their own request: deciding is the bot's (for a supervisor) or an operator's.
    const request = (
      await t.db.query<{ id: number }>('select id from da_enrolments where da_profile_id = $1', [
        attacker.daId,
      ])
    ).rows[0]?.id;
    await expectRefused(
      t,
      'POST',
      `/api/da-enrolments/${request}/decision/`,
      { headers: attacker.headers, body: { decision: 'approved', telegram_id: attacker.telegramId } },
      403,
      detail('forbidden'),
    );
  });

  it('PUT to kebele after kebele: PENDING for each, nothing read anywhere; old requests withdrawn', async () => {
    const attacker = await selfMade(target().area);
    let names = 0;
    for (const k of kebeles) {
      const moved = await t.call('PUT', `/api/da-profiles/${attacker.daId}/`, {
        headers: attacker.headers,
        body: t.fx.daBody(attacker, attacker.phone, k.area),
      });
      expect(moved.body.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
      const groups = await t.call('GET', '/api/development-groups/', {
        headers: attacker.headers,
        query: { kebele: k.area.kebele, paginate: 'false' },
      });
      const farmers = await t.call('GET', '/api/farmer-profiles/', {
        headers: attacker.headers,
        query: { outbound_development_group: k.group, paginate: 'false' },
      });
      expect([groups.status, farmers.status]).toEqual([403, 403]);
      if (Array.isArray(farmers.body)) names += farmers.body.length;
    }
    expect(names).toBe(0);
    // One request open, for the kebele they are in now; the others were withdrawn with the moves.
    const open = await t.db.query<{ kebele_id: number; status: string }>(
      'select kebele_id, status from da_enrolments where da_profile_id = $1',
      [attacker.daId],
    );
    expect(open.rows).toEqual([
      { kebele_id: (kebeles.at(-1) as (typeof kebeles)[number]).area.kebele, status: 'pending' },
    ]);
  });

  it('a roster DA is VERIFIED at once; moving outside the roster kebele closes the old one at once', async () => {
    const [home, away] = [kebeles[1], kebeles[2]] as [(typeof kebeles)[number], (typeof kebeles)[number]];
    const phone = uniquePhone();
    await t.fx.roster(phone, home.area);
    const user = await t.fx.user(`+251${phone}`);
    const r = await t.call('POST', '/api/da-profiles/', {
      headers: user.headers,
      body: t.fx.daBody(user, phone, home.area),
    });
    expect(r.body.enrolment).toEqual({ status: 'VERIFIED', waiting_for: null });
    const da = { ...user, daId: r.body.id as number };
    // The spec's PATCH still works for them (and changes nothing).
    const patched = await t.call('PATCH', `/api/bot-users/${user.botUserId}/`, {
      headers: user.headers,
      body: { id: user.botUserId, verification_status: 'VERIFIED' },
    });
    expect(patched).toMatchObject({ status: 200, body: { verification_status: 'VERIFIED' } });
    const homeGroups = () =>
      t.call('GET', '/api/development-groups/', {
        headers: user.headers,
        query: { kebele: home.area.kebele },
      });
    expect((await homeGroups()).status).toBe(200);

    const moved = await t.call('PUT', `/api/da-profiles/${da.daId}/`, {
      headers: user.headers,
      body: t.fx.daBody(user, phone, away.area),
    });
    expect(moved.body.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
    for (const [method, path, o] of [...daCalls(home, da), ...daCalls(away, da)])
      await expectRefused(t, method, path, { headers: user.headers, ...o }, 403, detail('da_pending'));
    // Back in the kebele the roster lists them for: VERIFIED again, no decision needed.
    const back = await t.call('PUT', `/api/da-profiles/${da.daId}/`, {
      headers: user.headers,
      body: t.fx.daBody(user, phone, home.area),
    });
    expect(back.body.enrolment).toEqual({ status: 'VERIFIED', waiting_for: null });
    expect((await homeGroups()).status).toBe(200);
  });

  it('a supervisor’s approval opens the kebele; a move elsewhere asks again; a forged decision does nothing', async () => {
    const k = kebeles[3] as (typeof kebeles)[number];
    const supervisorPhone = uniquePhone();
    const supervisor = await t.fx.user(`+251${supervisorPhone}`);
    await t.fx.grant(supervisorPhone, 'supervisor', 'kebele', k.area.kebele);
    const da = await selfMade(k.area);
    expect(da.created.enrolment).toEqual({ status: 'PENDING', waiting_for: 'supervisor' });
    const request = (
      await t.db.query<{ id: number }>(
        `select id from da_enrolments where da_profile_id = $1 and status = 'pending'`,
        [da.daId],
      )
    ).rows[0]?.id as number;
    const decide = (body: object) =>
      t.call('POST', `/api/da-enrolments/${request}/decision/`, { headers: proof.service(), body });
    // Someone without the grant, and the DA themself, cannot decide it through the bot.
    const outsider = await t.fx.user(`+251${uniquePhone()}`);
    const before = await t.fx.rowCounts();
    expect(await decide({ decision: 'approved', telegram_id: outsider.telegramId })).toMatchObject({
      status: 403,
      body: { detail: 'Only a supervisor appointed by your organisation can decide registrations.' },
    });
    expect(await decide({ decision: 'approved', telegram_id: da.telegramId })).toMatchObject({ status: 403 });
    expect(await t.fx.rowCounts()).toEqual(before);
    expect(await status(da.botUserId)).toBe('PENDING');

    const ok = await decide({ decision: 'approved', telegram_id: supervisor.telegramId });
    expect(ok.body).toMatchObject({
      outcome: 'decided',
      enrolment: {
        status: 'approved',
        decided_by: { kind: 'supervisor', name: 'Tester', phone_number: supervisorPhone },
      },
    });
    expect(await status(da.botUserId)).toBe('VERIFIED');
    const groups = await t.call('GET', '/api/development-groups/', {
      headers: da.headers,
      query: { kebele: k.area.kebele },
    });
    expect(groups.status).toBe(200);
    expect(await decide({ decision: 'rejected', telegram_id: supervisor.telegramId })).toMatchObject({
      status: 200,
      body: { outcome: 'already_decided', enrolment: { status: 'approved' } },
    });

    // Approved for this kebele only: a move to the next one is a new request, the old data closes.
    const next = kebeles[4] as (typeof kebeles)[number];
    const moved = await t.call('PUT', `/api/da-profiles/${da.daId}/`, {
      headers: da.headers,
      body: t.fx.daBody(da, da.phone, next.area),
    });
    expect(moved.body.enrolment).toEqual({ status: 'PENDING', waiting_for: 'operator' });
    await expectRefused(
      t,
      'GET',
      '/api/development-groups/',
      { headers: da.headers, query: { kebele: k.area.kebele } },
      403,
      detail('da_pending'),
    );
    // The supervisor of the old kebele cannot approve the new request (their grant does not cover it).
    const nextRequest = (
      await t.db.query<{ id: number }>(
        `select id from da_enrolments where da_profile_id = $1 and status = 'pending'`,
        [da.daId],
      )
    ).rows[0]?.id as number;
    expect(
      await t.call('POST', `/api/da-enrolments/${nextRequest}/decision/`, {
        headers: proof.service(),
        body: { decision: 'approved', telegram_id: supervisor.telegramId },
      }),
    ).toMatchObject({ status: 403, body: { detail: 'This is outside your area.' } });
    expect(await status(da.botUserId)).toBe('PENDING');
  });

  it('a new Telegram account with the phone of a PENDING DA stays PENDING; a rejected one REJECTED', async () => {
    const waiting = await selfMade((kebeles[5] as (typeof kebeles)[number]).area);
    const fresh = await t.fx.user(`+251${waiting.phone}`);
    expect(await status(fresh.botUserId)).toBe('PENDING');
    const request = (
      await t.db.query<{ id: number }>('select id from da_enrolments where da_profile_id = $1', [
        waiting.daId,
      ])
    ).rows[0]?.id as number;
    const supervisorPhone = uniquePhone();
    const supervisor = await t.fx.user(`+251${supervisorPhone}`);
    await t.fx.grant(supervisorPhone, 'supervisor', 'all');
    const rejected = await t.call('POST', `/api/da-enrolments/${request}/decision/`, {
      headers: proof.service(),
      body: { decision: 'rejected', telegram_id: supervisor.telegramId },
    });
    expect(rejected.body.outcome).toBe('decided');
    expect(await status(fresh.botUserId)).toBe('REJECTED');
    const again = await t.fx.user(`+251${waiting.phone}`);
    expect(await status(again.botUserId)).toBe('REJECTED');
  });
});
