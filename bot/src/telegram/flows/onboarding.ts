import { normalizePhone } from '@gebere/phone';
import { Composer } from 'grammy';
import type { BotContext } from '../context';
import { askContact, showMenu, showRegistration, welcomeBack } from '../home';
import { daInfo, identify, type Services, type UserState } from '../user-state';

/**
 * /start and the phone number: greet, make sure the bot user exists, and find out who the user
 * is. A DA already linked sees the menu; otherwise the user shares their own contact, the DA is
 * looked up by that phone and linked (service token), or offered the registration form.
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
    await ctx.reply(ctx.t('bot.welcome_new'));
    if (state.phone) return linkByPhone(ctx, s, state, state.phone);
    await askContact(ctx);
  });

  flow.on('message:contact', async (ctx) => {
    const contact = ctx.message.contact;
    // A forwarded card or someone else's number proves nothing about this user.
    if (contact.user_id !== ctx.from.id) return askContact(ctx, ctx.t('bot.share_own_contact'));
    const phone = normalizePhone(contact.phone_number);
    if (!phone) return askContact(ctx, ctx.t('bot.phone_not_valid'));
    const state = await identify(ctx, s, phone);
    if (state.da) return showMenu(ctx, s, { ...state, da: state.da }, welcomeBack(ctx, state.da.name));
    await linkByPhone(ctx, s, state, phone);
  });

  return flow;
}

/**
 * Known DA → linked and VERIFIED, menu. A DA only the organisation's DA list knows (the spec's
 * `/development-agents/` lookup) → the registration form in update_outbound mode, which updates
 * that profile (or registers anew on 404). Nobody → the registration form.
 */
async function linkByPhone(ctx: BotContext, s: Services, state: UserState, phone: string): Promise<void> {
  const [da] = await s.backend.findDas(phone);
  if (da) {
    await s.backend.patchBotUser(state.botUserId, { da_profile: da.id, verification_status: 'VERIFIED' });
    const info = daInfo(da);
    ctx.session.da = info;
    s.logger.info({ botUserId: state.botUserId, daId: da.id }, 'bot user linked to DA by phone');
    return showMenu(ctx, s, { ...state, da: info }, welcomeBack(ctx, da.first_name));
  }
  const [outbound] = await s.backend.findOutboundDas(phone);
  await showRegistration(ctx, s, state, { updateOutbound: outbound !== undefined });
}
