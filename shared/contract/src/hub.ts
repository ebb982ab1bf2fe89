import type { VerificationStatus } from './enums';
import { type LinkValues, type ScreenName, screenHref } from './screens/index';

/**
 * The home hub's entries (the menu button's `/`, and the bot's own keyboards), defined once: who
 * sees which screen (docs/authorization.md) and with which parameters. Zod-free and small, like
 * the screen registry beside it: the hub's first load reads it.
 *
 * - A REJECTED user sees the rejection and nothing else.
 * - A VERIFIED DA: register farmer, add development group, record reach and record adoption
 *   (after picking development groups of their kebele), give feedback (after picking one of the
 *   advisories for their kebele), my farmers (find, read, correct), update profile.
 * - A notification manager: the notification list and form (whatever else they are). A creator
 *   whose grant was revoked: the list alone, to remove what they made (the server refuses the rest).
 * - Reports for a DA, a report user, a supervisor or a manager (each sees their own area).
 * - A DA whose registration waits for the organisation's decision: that news instead of the DA
 *   registration (they registered already), and the report-user entry.
 * - A report user: their reports, then their profile, then DA registration.
 * - Anyone else with a verified phone: DA registration, and report-user registration.
 * - Without a verified phone (it comes only from a contact shared in the bot): share it first;
 *   a report user (their profile is found by their Telegram id) sees their reports and profile.
 */

/** `GET /api/me/` as the hub reads it (the contract's `me` schema outputs this). */
export interface MeAnswer {
  telegram_id: number;
  chat_id: number;
  bot_user: {
    id: number;
    verification_status: VerificationStatus;
    language: string;
    phone_verified: boolean;
    phone_number?: string | null;
    outbound_da?: boolean;
    has_notifications?: boolean;
  } | null;
  da: { id: number; kebele: number; name: string; phone_number: string | null } | null;
  report_user: number | null;
  grants: ReadonlyArray<{
    role: string;
    location_type: string;
    location_id: number | null;
    place?: GrantPlace;
  }>;
  pending_enrolment?: { kebele: number; waiting_for: 'supervisor' | 'operator' } | null;
}

/** A granted area and the areas above it (`/api/me/`'s grants). */
export interface GrantPlace {
  region: number | null;
  zone: number | null;
  woreda: number | null;
  kebele: number | null;
}

/** What decides the entries: as much as the bot's session and `/api/me/` both know. */
export interface HubUser {
  /** Null: the bot has not seen this Telegram user yet. */
  botUserId: number | null;
  status: VerificationStatus | null;
  phoneVerified: boolean;
  /** The DA this user acts as (linked and VERIFIED), with the phone their profile is found by. */
  da: { id: number; kebele: number; phone: string | null } | null;
  reportUser: boolean;
  /** Holds an operator's notification-manager grant. */
  manager: boolean;
  /** Has active notifications of their own (the list stays open without a grant, to remove them). */
  creator?: boolean;
  /** The verified phone (0-prefixed national form), the DA registration's prefill (a DA's is `da.phone`). */
  phone?: string | null;
  /** The organisation's DA list knows that phone: the DA registration opens in update_outbound mode. */
  outbound?: boolean;
  /** Holds an operator's supervisor grant (reads its area: reports). */
  supervisor?: boolean;
  /** The private chat with the bot (the reach and adoption screens' `chatid`), when known. */
  chatId?: number;
  /** Registered as a DA, waiting for a supervisor's or an operator's decision. */
  pending?: 'supervisor' | 'operator' | null;
}

export function hubUserOf(me: MeAnswer): HubUser {
  return {
    botUserId: me.bot_user?.id ?? null,
    status: me.bot_user?.verification_status ?? null,
    phoneVerified: me.bot_user?.phone_verified ?? false,
    da: me.da && { id: me.da.id, kebele: me.da.kebele, phone: me.da.phone_number },
    reportUser: me.report_user !== null,
    manager: me.grants.some((g) => g.role === 'notification_manager'),
    creator: me.bot_user?.has_notifications ?? false,
    phone: me.bot_user?.phone_number ?? null,
    outbound: me.bot_user?.outbound_da ?? false,
    supervisor: me.grants.some((g) => g.role === 'supervisor'),
    chatId: me.chat_id,
    pending: me.pending_enrolment?.waiting_for ?? null,
  };
}

/** Each entry and the screen it opens. */
export const HUB_ENTRY_SCREENS = {
  register_farmer: 'farmerRegistration',
  my_farmers: 'myFarmers',
  add_development_group: 'addDevelopmentGroup',
  record_reach: 'recordReach',
  record_adoption: 'recordAdoption',
  feedback: 'feedback',
  update_profile: 'daUpdateProfile',
  notifications: 'notificationList',
  create_notification: 'notificationCreate',
  reports: 'reports',
  da_registration: 'daRegistration',
  report_user_registration: 'registerReportUser',
  report_user_update: 'registerReportUser',
} as const satisfies Record<string, ScreenName>;

export type HubEntryKey = keyof typeof HUB_ENTRY_SCREENS;

/** Entries that first ask which development groups of the DA's kebele (`selectedids`). */
export type HubGroupEntry = 'record_reach' | 'record_adoption';
export const needsGroups = (key: HubEntryKey): key is HubGroupEntry =>
  key === 'record_reach' || key === 'record_adoption';

/** The hub's own steps before a screen opens (`/?pick=`): groups, or the advisory for feedback. */
export type HubPick = HubGroupEntry | 'feedback';
export const needsPick = (key: HubEntryKey): key is HubPick => needsGroups(key) || key === 'feedback';

export type HubMenu =
  | { kind: 'rejected' }
  | { kind: 'share_contact' }
  | {
      kind: 'entries';
      sections: HubEntryKey[][];
      /** A DA registration waits for this decider: said above the entries. */
      pending?: 'supervisor' | 'operator';
    };

/** What the user sees on the hub: their entries, in sections, or why there are none. */
export function hubMenu(user: HubUser): HubMenu {
  if (user.status === 'REJECTED') return { kind: 'rejected' };
  const sections: HubEntryKey[][] = [];
  if (user.da) {
    sections.push([
      'register_farmer',
      'add_development_group',
      'record_reach',
      'record_adoption',
      'feedback',
    ]);
    sections.push(['my_farmers']);
  } else if (user.botUserId === null || !user.phoneVerified) {
    // A report user's profile and reports go by their Telegram id: no phone needed for them.
    if (!user.reportUser) return { kind: 'share_contact' };
    return { kind: 'entries', sections: [['reports'], ['report_user_update']] };
  }
  if (user.manager) sections.push(['notifications', 'create_notification']);
  else if (user.creator) sections.push(['notifications']);
  if (user.da || user.reportUser || user.manager || user.supervisor) sections.push(['reports']);
  if (user.da) {
    if (user.da.phone) sections.push(['update_profile']);
  } else if (user.pending) {
    sections.push([user.reportUser ? 'report_user_update' : 'report_user_registration']);
    return { kind: 'entries', sections, pending: user.pending };
  } else if (user.reportUser) {
    // Their reports above, their profile first here: a report user is not asked to become a DA first.
    sections.push(['report_user_update', 'da_registration']);
  } else {
    sections.push(['da_registration', 'report_user_registration']);
  }
  return { kind: 'entries', sections };
}

/** A screen and its link parameters. */
export type HubLink = { [S in ScreenName]: { screen: S; values: LinkValues<S> } }[ScreenName];

export interface HubLinkOptions {
  /** The language to carry (`lang`), the one chosen in the bot. */
  lang?: string;
  /** The development groups picked, for {@link needsGroups} entries. */
  selectedIds?: readonly number[];
  /** The development groups picked that are kept on this phone, not yet saved (outbox keys). */
  keptGroups?: readonly string[];
  /** The advisory picked, for feedback. */
  advisoryId?: number;
}

/**
 * The screen an entry opens, its parameters filled from the user: undefined when the user may not
 * use it ({@link hubMenu} does not offer it) or its pick (groups, advisory) is not made yet.
 */
export function hubLink(key: HubEntryKey, user: HubUser, options: HubLinkOptions = {}): HubLink | undefined {
  const menu = hubMenu(user);
  if (menu.kind !== 'entries' || !menu.sections.some((section) => section.includes(key))) return undefined;
  const lang = options.lang;
  const { da, botUserId } = user;
  switch (key) {
    case 'register_farmer':
      return da
        ? { screen: 'farmerRegistration', values: { da_id: da.id, kebele_id: da.kebele, lang } }
        : undefined;
    case 'add_development_group':
      return da
        ? { screen: 'addDevelopmentGroup', values: { da_id: da.id, kebele_id: da.kebele, lang } }
        : undefined;
    case 'my_farmers':
      return da ? { screen: 'myFarmers', values: { da_id: da.id, kebele_id: da.kebele, lang } } : undefined;
    case 'record_reach':
    case 'record_adoption': {
      const selectedids = options.selectedIds ?? [];
      const kept = options.keptGroups ?? [];
      if (!da || selectedids.length + kept.length === 0) return undefined;
      const values = {
        chatid: user.chatId,
        user_id: da.id,
        selectedids,
        kebele_id: da.kebele,
        ...(kept.length ? { kept } : {}),
        lang,
      };
      return key === 'record_reach'
        ? { screen: 'recordReach', values }
        : { screen: 'recordAdoption', values };
    }
    case 'feedback':
      return botUserId !== null && options.advisoryId !== undefined
        ? {
            screen: 'feedback',
            values: { chat_id: user.chatId, user_id: botUserId, advisory_id: options.advisoryId, lang },
          }
        : undefined;
    case 'update_profile':
      return da?.phone && botUserId !== null
        ? { screen: 'daUpdateProfile', values: { user_id: botUserId, phone_number: da.phone, lang } }
        : undefined;
    case 'notifications':
    case 'create_notification': {
      if (botUserId === null) return undefined;
      const values = { bot_user_id: botUserId, lang };
      return key === 'notifications'
        ? { screen: 'notificationList', values }
        : { screen: 'notificationCreate', values };
    }
    case 'reports':
      return { screen: 'reports', values: { lang } };
    // The bot's button's parameters: the verified phone prefilled, update_outbound when the
    // organisation's DA list knows it (the form then prefills from that entry and updates it).
    case 'da_registration':
      return botUserId !== null
        ? {
            screen: 'daRegistration',
            values: {
              user_id: botUserId,
              phone_number: user.phone ?? undefined,
              update_outbound: user.outbound ?? false,
              lang,
            },
          }
        : undefined;
    case 'report_user_registration':
    case 'report_user_update':
      return { screen: 'registerReportUser', values: { update: key === 'report_user_update', lang } };
  }
}

/** `path?query` of a {@link hubLink}, for in-app navigation. */
export function hubHref(link: HubLink): string {
  return screenHref(link.screen as ScreenName, link.values as LinkValues<ScreenName>);
}
