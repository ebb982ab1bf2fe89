import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../../test/backend/test-kit/backend';
import { type User, uniquePhone } from '../../test/backend/test-kit/fixtures';
import type { CliSettings } from './backend-client';
import { listeningBackend, runGebere } from './test-kit';

/**
 * `gebere notifications` and what `gebere revoke` says of them, against a real embedded backend
 * over HTTP: what the operator reads, and what the backend then holds.
 */
describe('gebere notifications', () => {
  let t: TestBackend;
  let settings: CliSettings;
  beforeAll(async () => {
    ({ t, settings } = await listeningBackend());
  });
  afterAll(() => t?.close());

  const gebere = (argv: string[]) => runGebere(argv, settings);

  /** A weekly reminder to the fixtures' region, made through the notifications screen's call. */
  const create = async (user: User, name = 'Weekly reach') => {
    const r = await t.call('POST', '/api/location-notifications/', {
      headers: user.headers,
      body: {
        name,
        message: 'Please record reach this week.',
        content_type: 'reach',
        frequency: 'weekly',
        interval: 2,
        location_type: 'region',
        location_id: t.fx.area.region,
        created_by: user.botUserId,
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.id as number;
  };
  const pausedReason = async (id: number) =>
    (
      await t.db.query<{ r: string | null }>(
        'select paused_reason as r from location_notifications where id = $1',
        [id],
      )
    ).rows[0]?.r;

  it('revoke pauses what no remaining grant covers; the list shows it; resume needs a grant again', async () => {
    const phone = uniquePhone();
    const region = t.fx.area.region;
    const manager = await t.fx.user(`+251${phone}`);
    expect((await gebere(['grant', `0${phone}`, 'notification_manager', `region:${region}`])).code).toBe(0);
    const id = await create(manager);

    const listed = await gebere(['notifications', '--phone', `0${phone}`]);
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      expect.stringMatching(/^ID +CREATOR +NAME +TARGET +SCHEDULE +STATE$/),
      expect.stringMatching(
        new RegExp(`^${id} +0${phone} +Weekly reach +region:${region} +weekly, every 2 +being sent$`),
      ),
      '1 notification, 0 paused',
    ]);

    const revoked = await gebere(['revoke', `0${phone}`, 'notification_manager', `region:${region}`]);
    expect(revoked).toEqual({
      ...revoked,
      code: 0,
      out:
        `Revoked notification_manager over region:${region} from 0${phone}.\n` +
        'It applies within a few seconds on every copy of the server.\n' +
        `Paused 1 notification of 0${phone}: no grant of theirs covers its area any more.\n` +
        `\`gebere notifications --phone 0${phone} --paused\` lists them; \`gebere notifications resume <id>\` resumes one once a grant covers it.`,
      err: '',
    });
    expect(await pausedReason(id)).toBe('grant');

    // Everyone's paused ones, phones masked.
    const paused = await gebere(['notifications', '--paused']);
    expect(paused.code).toBe(0);
    expect(paused.out).toMatch(
      new RegExp(
        `^${id} +0${phone.slice(0, 3)}\\*{4}${phone.slice(-2)} +Weekly reach .* paused: its creator's grants no longer cover its area$`,
        'm',
      ),
    );
    expect(paused.out).not.toContain(phone);

    const refused = await gebere(['notifications', 'resume', String(id)]);
    expect(refused).toEqual({
      ...refused,
      code: 1,
      out: '',
      err:
        `gebere: notification ${id} cannot resume: Its creator holds no notification-manager grant covering ` +
        'its target now. Grant one first (gebere grant), then resume it.',
    });
    const inAmharic = await gebere(['notifications', 'resume', String(id), '--lang', 'am']);
    expect(inAmharic.err).toBe(
      `gebere: notification ${id} cannot resume: ፈጣሪው አሁን ዒላማውን የሚሸፍን የማሳወቂያ አስተዳዳሪ ፈቃድ የለውም። መጀመሪያ ፈቃድ ይስጡ (gebere grant)፣ ከዚያ ያስቀጥሉት።`,
    );

    // A new grant resumes nothing by itself.
    expect((await gebere(['grant', `0${phone}`, 'notification_manager', 'all'])).code).toBe(0);
    expect(await pausedReason(id)).toBe('grant');
    const resumed = await gebere(['notifications', 'resume', String(id)]);
    expect(resumed).toEqual({
      ...resumed,
      code: 0,
      out:
        `Resumed notification ${id} ("Weekly reach"): its next occurrence goes out as scheduled\n` +
        '(deliveries cancelled while it was paused are not sent again).',
      err: '',
    });
    expect(await pausedReason(id)).toBeNull();
    expect((await gebere(['notifications', 'resume', String(id)])).out).toBe(
      `notification ${id} ("Weekly reach") is not paused: it is being sent.`,
    );
  });

  it('stop pauses one at once until resumed; a removed or unknown one is refused', async () => {
    const phone = uniquePhone();
    const manager = await t.fx.user(`+251${phone}`);
    await t.fx.grant(phone, 'notification_manager');
    const id = await create(manager, 'A name far longer than the thirty characters shown');

    const stopped = await gebere(['notifications', 'stop', String(id)]);
    expect(stopped).toEqual({
      ...stopped,
      code: 0,
      out:
        `Stopped notification ${id} ("A name far longer than the th…"): it is kept, and nothing of it is sent until it is resumed\n` +
        `(its deliveries still queued are cancelled). \`gebere notifications resume ${id}\` resumes it.`,
      err: '',
    });
    expect(await pausedReason(id)).toBe('operator');
    expect((await gebere(['notifications', 'stop', String(id)])).out).toBe(
      `notification ${id} ("A name far longer than the th…") is already paused: stopped by an operator.`,
    );
    expect((await gebere(['notifications', '--phone', `+251${phone}`])).out).toContain(
      'paused: stopped by an operator',
    );
    // The manager still holds the grant, so the operator may resume it.
    expect((await gebere(['notifications', 'resume', String(id)])).code).toBe(0);

    await t.call('PUT', `/api/location-notifications/${id}/update-settings/`, {
      headers: manager.headers,
      body: { active: false },
    });
    expect(await gebere(['notifications', 'stop', String(id)])).toMatchObject({
      code: 1,
      err: `gebere: notification ${id} cannot stop: This notification was removed by its creator: there is nothing to stop or resume.`,
    });
    expect((await gebere(['notifications', '--phone', `0${phone}`])).out).toBe(
      `No active notifications of 0${phone}.`,
    );
    expect(await gebere(['notifications', 'resume', '99999999'])).toMatchObject({
      code: 1,
      err: 'gebere: no notification 99999999: `gebere notifications` lists them',
    });
  });

  it('bad command lines exit 2 and change nothing', async () => {
    const counts = await t.fx.rowCounts();
    const usage =
      'usage: gebere notifications [stop <id> | resume <id>] [--phone <phone>] [--paused]  (gebere notifications --help)';
    const cases: Array<[string[], string]> = [
      [
        ['notifications', 'stop'],
        "gebere: notifications stop: give the notification's id, e.g. gebere notifications stop 12 (`gebere notifications` lists them)",
      ],
      [
        ['notifications', 'resume', 'x1'],
        "gebere: notifications resume: give the notification's id, e.g. gebere notifications resume 12 (`gebere notifications` lists them)",
      ],
      [
        ['notifications', 'pause', '3'],
        'gebere: notifications: unknown action "pause": use stop <id> or resume <id>',
      ],
      [['notifications', 'stop', '3', '4'], 'gebere: notifications: unexpected "4"'],
      [
        ['notifications', 'stop', '3', '--paused'],
        'gebere: notifications stop: --phone and --paused are for the list',
      ],
      [
        ['notifications', '--phone', '0911'],
        'gebere: bad phone number "0911": give an Ethiopian mobile number such as 0911234567 or +251911234567',
      ],
    ];
    for (const [argv, message] of cases)
      expect(await gebere(argv), argv.join(' ')).toMatchObject({ code: 2, err: `${message}\n${usage}` });
    expect(await t.fx.rowCounts()).toEqual(counts);
    const help = await gebere(['notifications', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('gebere notifications resume <id>');
    expect((await gebere(['help'])).out).toContain('  notifications [stop <id> | resume <id>]');
  });
});
