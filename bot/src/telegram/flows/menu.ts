import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context';
import { type DaState, isDa, menuKeyboard, requireDa, showHome } from '../home';
import { formKeyboard, labelsOf } from '../keyboards';
import type { ScreenLinks } from '../links';
import { linksFor, refresh, type Services, sessionState } from '../user-state';
import { digestButtons } from './digest';

/**
 * The main menu: /menu (re-sends the keyboard with fresh links), /help and the Help button, and
 * the commands that open one form each. The menu's own web_app buttons need no handler: Telegram
 * opens the mini-app directly.
 */
export function menuFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();

  flow.command('menu', async (ctx) => {
    await showHome(ctx, s, await refresh(ctx, s));
  });

  const help = async (ctx: BotContext) => {
    const state = sessionState(ctx);
    await ctx.reply(
      ctx.t('bot.help'),
      state && isDa(state) ? { reply_markup: menuKeyboard(ctx, s, state) } : {},
    );
  };
  flow.command('help', help);
  flow.hears(labelsOf('bot.menu.help'), help);

  // One form per command; the form's button on top of a fresh menu.
  const forms: Record<string, (links: ScreenLinks, state: DaState) => string> = {
    register_farmer: (links, state) => links.farmerRegistration(state.da),
    add_group: (links, state) => links.addDevelopmentGroup(state.da),
  };
  for (const [command, url] of Object.entries(forms)) {
    flow.command(command, async (ctx) => {
      const state = await requireDa(ctx, s);
      if (!state) return;
      await openForm(ctx, s, state, url(linksFor(ctx, s), state));
    });
  }

  /**
   * Notifications: a notification manager's (the hub's rule, @gebere/contract/hub), DA or not,
   * and a creator's whose grant was revoked (their list, to remove what they made); anyone else
   * is told why and shown what they may do instead.
   */
  flow.command('notifications', async (ctx) => {
    const state = await refresh(ctx, s);
    if (state.rejected || !(state.manager || state.creator))
      return showHome(ctx, s, state, ctx.t('server.not_manager'));
    const url = linksFor(ctx, s).notificationList(state.botUserId);
    if (isDa(state)) return openForm(ctx, s, state, url);
    await ctx.reply(ctx.t('bot.open_form'), {
      reply_markup: formKeyboard(ctx.t('bot.open_form_button'), url, undefined),
    });
  });

  /**
   * Reports: a link to the reports screen for anyone not REJECTED. Which area it shows (a DA's
   * kebele, a report user's woreda, a supervisor's area) or that there is none is the server's.
   * Below it, the weekly digest's subscribe and unsubscribe buttons (flows/digest.ts).
   */
  const reports = async (ctx: BotContext) => {
    const state = await refresh(ctx, s);
    if (state.rejected) return showHome(ctx, s, state);
    await ctx.reply(ctx.t('bot.open_reports'), {
      reply_markup: digestButtons(
        ctx,
        ['on', 'off'],
        new InlineKeyboard().webApp(ctx.t('bot.open_reports_button'), linksFor(ctx, s).reports()),
      ),
    });
  };
  flow.command('reports', reports);
  // The Reports button of a keyboard that is not a DA's (a report user's, keyboards.ts).
  flow.hears(labelsOf('bot.menu.reports'), reports);

  /**
   * Update profile. A linked DA updates their profile here. Someone with no local DA profile whom
   * the organisation's DA list knows (`/development-agents/`) gets the form in update_outbound
   * mode: it updates that profile, or registers anew when the backend answers 404.
   */
  flow.command('profile', async (ctx) => {
    const state = await refresh(ctx, s);
    const links = linksFor(ctx, s);
    if (isDa(state))
      return openForm(ctx, s, state, links.daUpdateProfile(state.botUserId, state.phone, false));
    const [outbound] = state.phone ? await s.backend.findOutboundDas(state.phone) : [];
    if (!outbound) return showHome(ctx, s, state, ctx.t('bot.registration_required'));
    await ctx.reply(ctx.t('bot.open_form'), {
      reply_markup: formKeyboard(
        ctx.t('bot.open_form_button'),
        links.daUpdateProfile(state.botUserId, state.phone, true),
        undefined,
      ),
    });
  });

  return flow;
}

/** "Tap the button below to open the form", with that form's button above the menu. */
export async function openForm(ctx: BotContext, s: Services, state: DaState, url: string): Promise<void> {
  await ctx.reply(ctx.t('bot.open_form'), {
    reply_markup: formKeyboard(ctx.t('bot.open_form_button'), url, menuKeyboard(ctx, s, state)),
  });
}
