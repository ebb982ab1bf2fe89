import { describe, expect, it } from 'vitest';
import {
  HUB_ENTRY_SCREENS,
  type HubEntryKey,
  type HubUser,
  hubHref,
  hubLink,
  hubMenu,
  hubUserOf,
  type MeAnswer,
  needsGroups,
} from './hub';
import { matchScreen, readScreenParams } from './screens/index';

const nobody: HubUser = {
  botUserId: null,
  status: null,
  phoneVerified: false,
  da: null,
  reportUser: false,
  manager: false,
  chatId: 501,
};
const registrant: HubUser = { ...nobody, botUserId: 7, status: 'PENDING', phoneVerified: true };
const da: HubUser = {
  ...registrant,
  status: 'VERIFIED',
  da: { id: 11, kebele: 42, phone: '0911223344' },
};
const manager: HubUser = { ...registrant, manager: true };

const entriesOf = (user: HubUser): HubEntryKey[] => {
  const menu = hubMenu(user);
  return menu.kind === 'entries' ? menu.sections.flat() : [];
};

/** Every entry's link, as the hub opens it (groups picked for the record screens). */
const hrefsOf = (user: HubUser) =>
  entriesOf(user).map((key) => {
    const link = hubLink(key, user, {
      lang: 'am',
      selectedIds: needsGroups(key) ? [3, 5] : undefined,
      advisoryId: key === 'feedback' ? 9 : undefined,
    });
    if (!link) throw new Error(`${key}: no link`);
    return { key, link, href: hubHref(link) };
  });

describe('the hub’s entries', () => {
  it('a VERIFIED DA: the DA’s work and their profile, nothing to register', () => {
    expect(hubMenu(da)).toEqual({
      kind: 'entries',
      sections: [
        ['register_farmer', 'add_development_group', 'record_reach', 'record_adoption', 'feedback'],
        ['my_farmers'],
        ['reports'],
        ['update_profile'],
      ],
    });
  });

  it('notifications only for a notification manager (a DA or not)', () => {
    expect(entriesOf(da)).not.toContain('notifications');
    expect(entriesOf({ ...da, manager: true })).toEqual(
      expect.arrayContaining(['register_farmer', 'notifications', 'create_notification', 'update_profile']),
    );
    expect(entriesOf(manager)).toEqual([
      'notifications',
      'create_notification',
      'reports',
      'da_registration',
      'report_user_registration',
    ]);
  });

  it('someone the server does not know as a DA: DA and report-user registration (update once made)', () => {
    expect(entriesOf(registrant)).toEqual(['da_registration', 'report_user_registration']);
    expect(entriesOf({ ...registrant, reportUser: true })).toEqual([
      'reports',
      'report_user_update',
      'da_registration',
    ]);
    // PENDING with a linked profile is not a DA yet (the bot's menu agrees: docs/authorization.md).
    expect(entriesOf({ ...registrant, status: 'PENDING' })).not.toContain('register_farmer');
  });

  it('a DA waiting for the organisation’s decision: that news, no second registration', () => {
    expect(hubMenu({ ...registrant, pending: 'operator' })).toEqual({
      kind: 'entries',
      sections: [['report_user_registration']],
      pending: 'operator',
    });
    expect(hubMenu({ ...registrant, pending: 'supervisor', reportUser: true })).toEqual({
      kind: 'entries',
      sections: [['reports'], ['report_user_update']],
      pending: 'supervisor',
    });
  });

  it('REJECTED: the rejection and nothing else, whatever else they hold', () => {
    expect(hubMenu({ ...da, status: 'REJECTED', manager: true, reportUser: true })).toEqual({
      kind: 'rejected',
    });
    expect(hubLink('register_farmer', { ...da, status: 'REJECTED' })).toBeUndefined();
  });

  it('no verified phone (or never /start): share the contact in the bot first', () => {
    expect(hubMenu(nobody)).toEqual({ kind: 'share_contact' });
    expect(hubMenu({ ...registrant, phoneVerified: false })).toEqual({ kind: 'share_contact' });
  });

  it('a report user in a chat the bot has not seen: their reports and profile, not “share your phone”', () => {
    expect(hubMenu({ ...nobody, reportUser: true })).toEqual({
      kind: 'entries',
      sections: [['reports'], ['report_user_update']],
    });
    expect(hubHref(hubLink('reports', { ...nobody, reportUser: true }) as never)).toBe('/reports');
    expect(hubHref(hubLink('report_user_update', { ...nobody, reportUser: true }) as never)).toBe(
      '/register_report_user?update=true',
    );
  });

  it('a creator left with no grant: the notification list (to remove them), no form', () => {
    expect(hubMenu({ ...registrant, creator: true })).toEqual({
      kind: 'entries',
      sections: [['notifications'], ['da_registration', 'report_user_registration']],
    });
    expect(entriesOf({ ...da, creator: true })).toContain('notifications');
    expect(entriesOf({ ...da, creator: true })).not.toContain('create_notification');
    expect(hubHref(hubLink('notifications', { ...registrant, creator: true }) as never)).toBe(
      '/notification/list?bot_user_id=7',
    );
    expect(hubLink('create_notification', { ...registrant, creator: true })).toBeUndefined();
    expect(hubLink('notifications', registrant)).toBeUndefined();
  });

  it('feedback is a DA’s entry (on the advisories for their kebele), no one else’s', () => {
    expect(entriesOf(da).map((k) => HUB_ENTRY_SCREENS[k])).toContain('feedback');
    for (const user of [manager, registrant, { ...registrant, reportUser: true }])
      expect(entriesOf(user).map((k) => HUB_ENTRY_SCREENS[k])).not.toContain('feedback');
    // No advisory picked: no link (the hub asks which advisory first).
    expect(hubLink('feedback', da, { lang: 'en' })).toBeUndefined();
  });

  it('reports for a DA, a report user, a supervisor or a manager; not for a bare registrant', () => {
    for (const user of [
      da,
      manager,
      { ...registrant, reportUser: true },
      { ...registrant, supervisor: true },
    ])
      expect(entriesOf(user)).toContain('reports');
    expect(entriesOf(registrant)).not.toContain('reports');
    expect(hubLink('reports', registrant)).toBeUndefined();
    expect(hubHref(hubLink('reports', da, { lang: 'om' }) as never)).toBe('/reports?lang=om');
  });

  it('no link for an entry the user is not offered', () => {
    expect(hubLink('register_farmer', registrant)).toBeUndefined();
    expect(hubLink('notifications', da)).toBeUndefined();
    expect(hubLink('da_registration', da)).toBeUndefined();
  });
});

describe('each entry opens its screen with every parameter it needs', () => {
  const roles: Array<[string, HubUser]> = [
    ['DA', da],
    ['DA and manager', { ...da, manager: true, reportUser: true }],
    ['manager', manager],
    ['registrant', registrant],
    ['report user', { ...registrant, reportUser: true }],
  ];
  it.each(roles)('%s: no entry leads to the missing-parameter page', (_, user) => {
    for (const { key, link, href } of hrefsOf(user)) {
      const url = new URL(href, 'https://gebere.test');
      const match = matchScreen(url.pathname);
      expect(match?.name, key).toBe(link.screen);
      const parsed = readScreenParams(link.screen, url.searchParams, url.pathname);
      expect(parsed.missing, key).toEqual([]);
      // The language chosen in the bot goes along.
      expect(url.searchParams.get('lang'), key).toBe('am');
    }
  });

  it('the DA’s entries carry their DA id and kebele; records the groups picked and the chat', () => {
    const hrefs = Object.fromEntries(hrefsOf(da).map(({ key, href }) => [key, href]));
    expect(hrefs).toEqual({
      register_farmer: '/farmer_registration?da_id=11&kebele_id=42&lang=am',
      add_development_group: '/add_development_group?da_id=11&kebele_id=42&lang=am',
      record_reach: '/record_reach?chatid=501&user_id=11&selectedids=3%2C5&kebele_id=42&lang=am',
      record_adoption: '/record_adoption?chatid=501&user_id=11&selectedids=3%2C5&kebele_id=42&lang=am',
      feedback: '/feedback?chat_id=501&user_id=7&advisory_id=9&lang=am',
      my_farmers: '/my_farmers?da_id=11&kebele_id=42&lang=am',
      reports: '/reports?lang=am',
      update_profile: '/da_update_profile?user_id=7&phone_number=0911223344&lang=am',
    });
    // No group picked: no record link (the hub asks for groups first).
    expect(hubLink('record_reach', da, { selectedIds: [] })).toBeUndefined();
    // Only groups kept on the phone (created offline): the link carries their keys.
    const kept = hubLink('record_adoption', da, { selectedIds: [], keptGroups: ['k-1'] });
    expect(kept && hubHref(kept)).toBe(
      '/record_adoption?chatid=501&user_id=11&selectedids=&kebele_id=42&kept=k-1',
    );
  });

  it('the manager’s and registrant’s entries carry their bot user id', () => {
    expect(hrefsOf(manager).map((e) => e.href)).toEqual([
      '/notification/list?bot_user_id=7&lang=am',
      '/notification/create?bot_user_id=7&lang=am',
      '/reports?lang=am',
      '/da_registration?user_id=7&lang=am',
      '/register_report_user?lang=am',
    ]);
    // The bot's button's parameters: the verified phone, update_outbound when the organisation's
    // DA list knows it (bot/src/telegram/links.ts).
    expect(
      hubHref(hubLink('da_registration', { ...registrant, phone: '0911000111', outbound: true }) as never),
    ).toBe('/da_registration?user_id=7&phone_number=0911000111&update_outbound=true');
    expect(hubHref(hubLink('report_user_update', { ...registrant, reportUser: true }) as never)).toBe(
      '/register_report_user?update=true',
    );
  });
});

it('reads /api/me/ into the hub’s user', () => {
  const answer: MeAnswer = {
    telegram_id: 501,
    chat_id: 501,
    bot_user: { id: 7, verification_status: 'VERIFIED', language: 'am', phone_verified: true },
    da: { id: 11, kebele: 42, name: 'Almaz', phone_number: '0911223344' },
    report_user: null,
    grants: [{ role: 'supervisor', location_type: 'all', location_id: null }],
  };
  expect(hubUserOf(answer)).toEqual({
    ...da,
    supervisor: true,
    pending: null,
    creator: false,
    phone: null,
    outbound: false,
  });
  expect(
    hubUserOf({
      ...answer,
      da: null,
      bot_user: {
        id: 7,
        verification_status: 'PENDING',
        language: 'am',
        phone_verified: true,
        phone_number: '0911000111',
        outbound_da: true,
        has_notifications: true,
      },
    }),
  ).toMatchObject({ phone: '0911000111', outbound: true, creator: true });
  expect(
    hubUserOf({ ...answer, da: null, pending_enrolment: { kebele: 42, waiting_for: 'supervisor' } }).pending,
  ).toBe('supervisor');
  expect(
    hubUserOf({
      ...answer,
      grants: [{ role: 'notification_manager', location_type: 'region', location_id: 3 }],
    }).manager,
  ).toBe(true);
  expect(hubUserOf({ ...answer, bot_user: null, da: null, grants: [] })).toEqual({
    ...nobody,
    supervisor: false,
    pending: null,
    creator: false,
    phone: null,
    outbound: false,
  });
});
