import { createTranslator, type Language, resolveLanguage, type Translator } from '@gebere/i18n';
import type { Context, SessionFlavor } from 'grammy';

/** What the bot needs to know about a DA to build the menu's links. */
export interface DaInfo {
  id: number;
  kebele: number;
  name: string;
}

/** A group as the picker shows it. */
export interface PickerGroup {
  id: number;
  name: string;
}

/** The reach/adoption group picker in progress (one per chat; the newest wins). */
export interface PickerState {
  kind: 'reach' | 'adoption';
  /** The message carrying the toggles; presses on older pickers start a fresh one. */
  messageId: number;
  groups: PickerGroup[];
  selected: number[];
}

/**
 * Per-chat state, kept in the database (`bot_sessions`) so a restart or another copy of the
 * server carries on the same conversation. Everything in it is a cache of the backend except
 * `lang` (also saved on the bot user) and `picker`.
 */
export interface SessionData {
  /** The language the user chose (or Telegram's, on first contact). */
  lang?: Language;
  botUserId?: number;
  /** National form (9xxxxxxxx) of the phone the user shared. */
  phone?: string | null;
  /** The bot user's linked DA profile, once known. */
  da?: DaInfo | null;
  /** Whether the user has a report user profile (the report-user button then updates). */
  reportUser?: boolean;
  /** Whether the user holds a notification-manager grant (the notification entries). */
  manager?: boolean;
  /** Whether the user has active notifications of their own (the list, grant or not). */
  creator?: boolean;
  /** Whether the organisation's DA list knows the user's phone (update_outbound registration). */
  outbound?: boolean;
  /** An operator rejected this user (verification_status REJECTED). */
  rejected?: boolean;
  /** Registered as a DA and waiting for a supervisor's or an operator's decision. */
  pending?: 'supervisor' | 'operator' | null;
  picker?: PickerState;
}

export interface BotFlavor {
  /** The user's language: chosen, else Telegram's `language_code` (am → Amharic, om → Afaan Oromo, else English). */
  readonly lang: Language;
  /** `translate` in {@link BotFlavor.lang}, re-read on every call so a language change applies at once. */
  readonly t: Translator;
}

export type BotContext = Context & SessionFlavor<SessionData> & BotFlavor;

/** The language of an update even when the session could not be read (error handling). */
export function languageOf(ctx: Context): Language {
  try {
    const session = (ctx as Partial<BotContext>).session;
    if (session?.lang) return session.lang;
  } catch {
    // No session key (an update without a chat) or the session failed to load.
  }
  return resolveLanguage(ctx.from?.language_code);
}

/** Installs `ctx.lang` and `ctx.t`. */
export function installLanguage(ctx: BotContext): void {
  Object.defineProperty(ctx, 'lang', { get: () => languageOf(ctx), configurable: true });
  Object.defineProperty(ctx, 't', {
    get: () => createTranslator(languageOf(ctx)),
    configurable: true,
  });
}
