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
 * The spec's screens (§2) with their query parameters. Every link also carries `lang`, so a
 * screen speaks the language chosen in the chat even when Telegram's app language differs.
 */
export function screenLinks(make: MakeLink, who: LinkSubject) {
  const link = (path: string, params: LinkParams = {}) =>
    make(path, { ...params, lang: who.lang }, who.telegramUserId);
  return {
    home: () => link('/'),
    daRegistration: (botUserId: number, phone: string | null | undefined, updateOutbound: boolean) =>
      link('/da_registration', {
        user_id: botUserId,
        phone_number: prefillPhone(phone),
        update_outbound: updateOutbound ? 'true' : undefined,
      }),
    daUpdateProfile: (botUserId: number, phone: string | null | undefined, updateOutbound: boolean) =>
      link('/da_update_profile', {
        user_id: botUserId,
        phone_number: prefillPhone(phone),
        update_outbound: updateOutbound ? 'true' : undefined,
      }),
    reportUser: (update: boolean) => link('/register_report_user', { update: update ? 'true' : undefined }),
    /** Also the notification engine's farmer-registration button, which knows only these two. */
    farmerRegistration: (da: Pick<DaInfo, 'id' | 'kebele'>) =>
      link('/farmer_registration', { da_id: da.id, kebele_id: da.kebele }),
    addDevelopmentGroup: (da: DaInfo) =>
      link('/add_development_group', { da_id: da.id, kebele_id: da.kebele }),
    /** Reach or adoption for the selected groups; `kebele_id` locates the advisories. */
    record: (kind: 'reach' | 'adoption', da: DaInfo, groupIds: readonly number[]) =>
      link(kind === 'reach' ? '/record_reach' : '/record_adoption', {
        chatid: who.chatId,
        user_id: da.id,
        selectedids: groupIds.join(','),
        kebele_id: da.kebele,
      }),
    notificationList: (botUserId: number) => link('/notification/list', { bot_user_id: botUserId }),
    notificationCreate: (botUserId: number) => link('/notification/create', { bot_user_id: botUserId }),
    feedback: (botUserId: number, advisoryId: number) =>
      link('/feedback', { chat_id: who.chatId, user_id: botUserId, advisory_id: advisoryId }),
  };
}

export type ScreenLinks = ReturnType<typeof screenLinks>;
