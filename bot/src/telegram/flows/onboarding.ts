import { normalizePhone } from '@gebere/phone';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { askContact, showHome, showMenu, showRegistration, welcomeBack } from '../home';
import { identify, type Services, type UserState } from '../user-state';

/**
 * /start and the phone number: greet, make sure the bot user exists, and find out who the user
 * is. The phone comes only from the user's own contact, which Telegram verified; giving it to the
 * backend applies the linking rule there (docs/authorization.md): the DA whose
 * telegram_phone_number it is becomes this account's, VERIFIED. The bot links nobody itself.
 */
export function onboardingFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();

  flow.command('start', async (ctx) => {
    let state: UserState;
    try {
      state = await identify(ctx, s);
    } catch (error) {
      // Greet even when the backend is down; the error boundary then says so.
      await ctx.reply(ctx.t('bot.welcome_new'));
      throw error;
    }
    if (state.da) return showMenu(ctx, s, { ...state, da: state.da }, welcomeBack(ctx, state.da.name));
    if (state.rejected) return showHome(ctx, s, state);
    await ctx.reply(ctx.t('bot.welcome_new'));
    // A phone verified before: the rule again (an operator may have added the DA since).
    if (state.phone) return afterPhone(ctx, s, await identify(ctx, s, state.phone));
    await askContact(ctx);
  });

  flow.on('message:contact', async (ctx) => {
    const contact = ctx.message.contact;
    // A forwarded card or someone else's number proves nothing about this user.
    if (contact.user_id !== ctx.from.id) return askContact(ctx, ctx.t('bot.share_own_contact'));
    const phone = normalizePhone(contact.phone_number);
    if (!phone) return askContact(ctx, ctx.t('bot.phone_not_valid'));
    await afterPhone(ctx, s, await identify(ctx, s, phone));
  });

  return flow;
}

/**
 * Linked by the backend → the menu. Anyone else → their entries (showRegistration): a report
 * user's reports and profile, or the registration form, in update_outbound mode for a DA only the
 * organisation's DA list knows by this phone (the spec's `/development-agents/` lookup, made in
 * user-state.ts), which updates that profile or registers anew on 404.
 */
async function afterPhone(ctx: BotContext, s: Services, state: UserState): Promise<void> {
  if (state.da) {
    s.logger.info({ botUserId: state.botUserId, daId: state.da.id }, 'bot user is a linked DA');
    return showMenu(ctx, s, { ...state, da: state.da }, welcomeBack(ctx, state.da.name));
  }
  if (state.rejected) return showHome(ctx, s, state);
  await showRegistration(ctx, s, state);
}
