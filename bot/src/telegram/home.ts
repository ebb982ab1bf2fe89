import type { Keyboard } from 'grammy';
import type { BotContext } from './context';
import { contactKeyboard, mainMenuKeyboard, registrationKeyboard } from './keyboards';
import { escapeHtml } from './summaries';
import { linksFor, refresh, type Services, type UserState } from './user-state';

/**
 * The replies that put the user back where they can act: the DA's main menu, the registration
 * buttons, or the request for their phone number. Each sends its keyboard anew, with fresh links.
 */

export type DaState = UserState & { da: NonNullable<UserState['da']> };

export const isDa = (state: UserState): state is DaState => state.da !== null;

export function menuKeyboard(ctx: BotContext, s: Services, state: DaState): Keyboard {
  return mainMenuKeyboard(ctx.t, linksFor(ctx, s), state);
}

export async function showMenu(ctx: BotContext, s: Services, state: DaState, text?: string): Promise<void> {
  await ctx.reply(text ?? ctx.t('bot.menu_prompt'), {
    parse_mode: 'HTML',
    reply_markup: menuKeyboard(ctx, s, state),
  });
}

export async function askContact(ctx: BotContext, text?: string): Promise<void> {
  await ctx.reply(text ?? ctx.t('bot.ask_contact'), { reply_markup: contactKeyboard(ctx.t) });
}

/**
 * The keyboard of someone who is not a DA (the hub's entries), with what fits them: the wait for
 * a decision, a report user's welcome to their reports, or the invitation to register.
 */
export async function showRegistration(
  ctx: BotContext,
  s: Services,
  state: UserState,
  options: { text?: string } = {},
): Promise<void> {
  const name = escapeHtml(ctx.from?.first_name ?? '');
  const text =
    options.text ??
    (state.pending
      ? ctx.t(`bot.enrolment.pending_${state.pending}`)
      : state.reportUser
        ? `${ctx.t('bot.welcome_back', { name })}\n${ctx.t('bot.report_user_home')}`
        : `${ctx.t('bot.not_registered')}\n\n${ctx.t('bot.report_user_prompt')}`);
  await ctx.reply(text, {
    parse_mode: 'HTML',
    reply_markup: registrationKeyboard(ctx.t, linksFor(ctx, s), state),
  });
}

/** Whatever fits the user's state: menu, registration, or the phone request. */
export async function showHome(ctx: BotContext, s: Services, state: UserState, text?: string): Promise<void> {
  if (isDa(state)) return showMenu(ctx, s, state, text);
  if (state.rejected) {
    await ctx.reply(ctx.t('bot.rejected'), { reply_markup: { remove_keyboard: true } });
    return;
  }
  if (state.phone) return showRegistration(ctx, s, state, text ? { text } : {});
  return askContact(ctx, text);
}

export function welcomeBack(ctx: BotContext, name: string): string {
  return `${ctx.t('bot.welcome_back', { name: escapeHtml(name) })}\n${ctx.t('bot.verified')}`;
}

/**
 * The DA's state for a DA-only entry; anyone else is told to register first and shown where to.
 * Always read from the backend, never the session's copy: an operator may have rejected the DA
 * since, and the links and group names this entry shows must not outlive that.
 */
export async function requireDa(ctx: BotContext, s: Services): Promise<DaState | null> {
  const state = await refresh(ctx, s);
  if (isDa(state)) return state;
  await showHome(ctx, s, state, ctx.t('bot.registration_required'));
  return null;
}
