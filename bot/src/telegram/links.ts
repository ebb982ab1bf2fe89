import { type ScreenName, type ScreenParams, screenLink } from '@gebere/contract/screens';
import type { Language } from '@gebere/i18n';
import { prefillPhone } from '@gebere/phone';
import { type LinkParams, signLink } from '../auth/link';
import type { DaInfo } from './context';

export interface LinkOptions {
  /** Where the mini-app is served (PUBLIC_URL), without a trailing slash. */
  publicUrl: string;
  linkSecret: string;
  /** LINK_TTL: how long a link (and so a keyboard button) stays valid. */
  ttlSeconds: number;
  /** Unix seconds; the clock by default (tests move it). */
  now?: () => number;
}

/** `https://host/path?params&tg&exp&sig`: a link the backend accepts as proof of `telegramUserId`. */
export type MakeLink = (path: string, params: LinkParams, telegramUserId: number) => string;

export function createLinkMaker(options: LinkOptions): MakeLink {
  const base = options.publicUrl.replace(/\/+$/, '');
  return (path, params, telegramUserId) =>
    `${base}${signLink(options.linkSecret, path, params, {
      telegramUserId,
      ttlSeconds: options.ttlSeconds,
      ...(options.now ? { now: options.now() } : {}),
    })}`;
}

/** Who a link is for: the acting Telegram user, their private chat and language. */
export interface LinkSubject {
  telegramUserId: number;
  chatId: number;
  lang: Language;
}

/**
 * The bot's links to the spec's screens (§2), each built by the contract's screen registry, so its
 * parameters type-check against the screen that reads them. Every link also carries `lang`, so
 * a screen speaks the language chosen in the chat even when Telegram's app language differs.
 */
export function screenLinks(make: MakeLink, who: LinkSubject) {
  const link = <S extends ScreenName>(screen: S, values: ScreenParams<S>) => {
    const { path, query } = screenLink(screen, { ...values, lang: who.lang });
    return make(path, query, who.telegramUserId);
  };
  return {
    home: () => link('home', {}),
    daRegistration: (botUserId: number, phone: string | null | undefined, updateOutbound: boolean) =>
      link('daRegistration', {
        user_id: botUserId,
        phone_number: prefillPhone(phone),
        update_outbound: updateOutbound,
      }),
    daUpdateProfile: (botUserId: number, phone: string | null | undefined, updateOutbound: boolean) =>
      link('daUpdateProfile', {
        user_id: botUserId,
        phone_number: prefillPhone(phone),
        update_outbound: updateOutbound,
      }),
    reportUser: (update: boolean) => link('registerReportUser', { update }),
    /** Also the notification engine's farmer-registration button, which knows only these two. */
    farmerRegistration: (da: Pick<DaInfo, 'id' | 'kebele'>) =>
      link('farmerRegistration', { da_id: da.id, kebele_id: da.kebele }),
    addDevelopmentGroup: (da: DaInfo) => link('addDevelopmentGroup', { da_id: da.id, kebele_id: da.kebele }),
    myFarmers: (da: DaInfo) => link('myFarmers', { da_id: da.id, kebele_id: da.kebele }),
    /** Reach or adoption for the selected groups; `kebele_id` locates the advisories. */
    record: (kind: 'reach' | 'adoption', da: DaInfo, groupIds: readonly number[]) =>
      link(kind === 'reach' ? 'recordReach' : 'recordAdoption', {
        chatid: who.chatId,
        user_id: da.id,
        selectedids: groupIds,
        kebele_id: da.kebele,
      }),
    /** The reports of the user's own area (the server decides which areas they see). */
    reports: () => link('reports', {}),
    notificationList: (botUserId: number) => link('notificationList', { bot_user_id: botUserId }),
    notificationCreate: (botUserId: number) => link('notificationCreate', { bot_user_id: botUserId }),
    feedback: (botUserId: number, advisoryId: number) =>
      link('feedback', { chat_id: who.chatId, user_id: botUserId, advisory_id: advisoryId }),
  };
}

export type ScreenLinks = ReturnType<typeof screenLinks>;
