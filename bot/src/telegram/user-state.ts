import type { BotUser, DaProfile } from '@gebere/contract';
import { resolveLanguage } from '@gebere/i18n';
import type { Logger } from '../log';
import type { Backend } from './backend-client';
import type { BotContext, DaInfo } from './context';
import { type MakeLink, type ScreenLinks, screenLinks } from './links';

/** What the flows share: the backend, the link maker, the logger. */
export interface Services {
  backend: Backend;
  makeLink: MakeLink;
  logger: Logger;
}

/** The chat's user as the bot knows it. */
export interface UserState {
  botUserId: number;
  phone: string | null;
  da: DaInfo | null;
  reportUser: boolean;
  /** Holds an operator's notification-manager grant (the notification entries). */
  manager: boolean;
  /** Has active notifications of their own: their list stays open without a grant, to remove them. */
  creator: boolean;
  /**
   * Not a DA here, but the organisation's DA list (`/development-agents/`) knows their phone: the
   * DA registration opens in update_outbound mode (spec §4).
   */
  outbound: boolean;
  /** REJECTED by an operator: no menu, no forms. */
  rejected: boolean;
  /** Registered as a DA, waiting for this decider (docs/authorization.md, "Verification status"). */
  pending: 'supervisor' | 'operator' | null;
}

/** Whether the bot user holds a notification-manager grant (role only: its area is the server's). */
export const isManager = (user: BotUser): boolean =>
  user.grants.some((g) => g.role === 'notification_manager');

export function linksFor(ctx: BotContext, s: Services): ScreenLinks {
  const from = ctx.from as NonNullable<BotContext['from']>;
  return screenLinks(s.makeLink, {
    telegramUserId: from.id,
    chatId: ctx.chat?.id ?? from.id,
    lang: ctx.lang,
  });
}

export const daInfo = (da: DaProfile): DaInfo => ({ id: da.id, kebele: da.kebele, name: da.first_name });

/**
 * The linked DA profile's kebele and name. The contract has no "DA by id" call, so the profile is
 * found among the DAs with the bot user's phone; the session's copy is the fallback (a DA whose
 * profile carries other phones than the one shared with the bot).
 */
async function loadDa(ctx: BotContext, s: Services, user: BotUser): Promise<DaInfo | null> {
  if (user.da_profile === null) return null;
  if (user.phone_number) {
    const match = (await s.backend.findDas(user.phone_number)).find((d) => d.id === user.da_profile);
    if (match) return daInfo(match);
  }
  const cached = ctx.session.da;
  if (cached && cached.id === user.da_profile) return cached;
  s.logger.warn({ botUserId: user.id, daProfile: user.da_profile }, 'linked DA profile not found by phone');
  return null;
}

/**
 * Keeps what the backend said about the user in the session and returns it. Only a VERIFIED DA
 * gets the DA's menu (the server refuses the rest anyway: docs/authorization.md).
 */
export async function remember(ctx: BotContext, s: Services, user: BotUser): Promise<UserState> {
  const da = user.verification_status === 'VERIFIED' ? await loadDa(ctx, s, user) : null;
  const rejected = user.verification_status === 'REJECTED';
  const pending = user.pending_enrolment?.waiting_for ?? null;
  // Asked only of someone the registration button is for (no DA profile of theirs yet).
  const outbound =
    user.phone_number !== null && user.da_profile === null && !rejected
      ? (await s.backend.findOutboundDas(user.phone_number)).length > 0
      : false;
  const creator = user.has_notifications ?? false;
  ctx.session.botUserId = user.id;
  ctx.session.phone = user.phone_number;
  ctx.session.da = da;
  ctx.session.reportUser = user.report_user !== null;
  ctx.session.manager = isManager(user);
  ctx.session.creator = creator;
  ctx.session.outbound = outbound;
  ctx.session.rejected = rejected;
  ctx.session.pending = pending;
  return {
    botUserId: user.id,
    phone: user.phone_number,
    da,
    reportUser: user.report_user !== null,
    manager: isManager(user),
    creator,
    outbound,
    rejected,
    pending,
  };
}

function upsertBody(ctx: BotContext) {
  const from = ctx.from as NonNullable<BotContext['from']>;
  return {
    telegram_id: from.id,
    chat_id: ctx.chat?.id ?? from.id,
    first_name: from.first_name.slice(0, 255),
  };
}

/**
 * /start: creates or refreshes the bot user. The language is the one chosen before (session,
 * else the bot user's), else Telegram's `language_code` on first contact.
 */
export async function identify(ctx: BotContext, s: Services, phone?: string): Promise<UserState> {
  let lang = ctx.session.lang;
  if (!lang) {
    const existing = await s.backend.findBotUser(ctx.from?.id ?? 0);
    lang = existing?.language ?? resolveLanguage(ctx.from?.language_code);
  }
  const user = await s.backend.upsertBotUser({
    ...upsertBody(ctx),
    language: lang,
    ...(phone !== undefined ? { phone_number: phone } : {}),
  });
  ctx.session.lang = lang;
  return remember(ctx, s, user);
}

/** Re-reads the user from the backend (after a registration, on /menu). */
export async function refresh(ctx: BotContext, s: Services): Promise<UserState> {
  const found = await s.backend.findBotUser(ctx.from?.id ?? 0);
  return found ? remember(ctx, s, found) : identify(ctx, s);
}

/** The user as the session last saw them, if it did (no backend call). */
export function sessionState(ctx: BotContext): UserState | null {
  const { botUserId, da, phone, reportUser, manager, creator, outbound, rejected, pending } = ctx.session;
  if (botUserId === undefined || da === undefined) return null;
  return {
    botUserId,
    da,
    phone: phone ?? null,
    reportUser: reportUser ?? false,
    manager: manager ?? false,
    creator: creator ?? false,
    outbound: outbound ?? false,
    rejected: rejected ?? false,
    pending: pending ?? null,
  };
}
