import { decodeResult, type HandBackResult } from '@gebere/contract';
import { createTranslator, type Language } from '@gebere/i18n';
import { Composer, type Keyboard } from 'grammy';
import type { BotContext } from '../context';
import { showHome } from '../home';
import { mainMenuKeyboard } from '../keyboards';
import { screenLinks } from '../links';
import { renderSummary } from '../summaries';
import { daInfo, identify, isManager, refresh, type Services, type UserState } from '../user-state';

/**
 * What a screen opened from a reply-keyboard button hands back with `sendData`: a typed result
 * of the contract, never text to repeat. The reply is its summary in the user's language, with
 * the menu sent again (fresh links). Anything else gets a polite message and a log line.
 */
export function resultsFlow(s: Services): Composer<BotContext> {
  const flow = new Composer<BotContext>();

  flow.on('message:web_app_data', async (ctx) => {
    const data = ctx.message.web_app_data.data;
    const result = decodeResult(data);
    if (!result) {
      s.logger.warn(
        { chatId: ctx.chat.id, bytes: data.length, button: ctx.message.web_app_data.button_text },
        'web_app_data is not a typed result',
      );
      await ctx.reply(ctx.t('bot.invalid_result'));
      return;
    }
    s.logger.info({ chatId: ctx.chat.id, kind: result.kind }, 'result handed back');
    // Registering or updating changes who the user is; the rest may change names in the menu.
    const state = result.kind === 'da_registered' ? await afterRegistration(ctx, s) : await refresh(ctx, s);
    await showHome(ctx, s, state, summaryText(ctx, result, state));
  });

  return flow;
}

/**
 * The screen asks for VERIFIED itself after a registration (spec §4). Should that call have
 * failed, giving the backend the user's verified phone again applies the same linking rule
 * (docs/authorization.md): only the DA whose telegram_phone_number it is, never one named by the
 * result, whose content the user controls.
 */
async function afterRegistration(ctx: BotContext, s: Services): Promise<UserState> {
  const user = await s.backend.findBotUser(ctx.from?.id ?? 0);
  if (!user?.phone_number) return refresh(ctx, s);
  return identify(ctx, s, user.phone_number);
}

function summaryText(ctx: BotContext, result: HandBackResult, state: UserState): string {
  const summary = renderSummary(result, ctx.lang);
  if (result.kind === 'da_registered' && !result.update && state.da) {
    return `${summary}\n${ctx.t('bot.verified')}`;
  }
  return summary;
}

/**
 * The language the user chose in the bot (/language, else Telegram's on first contact), as the
 * bot user keeps it; undefined for someone the bot has never met.
 */
export async function chosenLanguage(s: Services, telegramUserId: number): Promise<Language | undefined> {
  return (await s.backend.findBotUser(telegramUserId))?.language;
}

/**
 * The keyboard a summary that came through POST /tg/result carries (the form was opened with
 * initData, so no `web_app_data` reaches the flow above): the DA's main menu with fresh links,
 * which replaces the one-off "Open form" keyboard the form came from. Undefined for anyone
 * else (their keyboard stays as it is) or when the backend cannot say.
 */
export async function menuAfterResult(
  s: Services,
  who: { telegramUserId: number; chatId: number },
  lang: Language,
): Promise<Keyboard | undefined> {
  const user = await s.backend.findBotUser(who.telegramUserId);
  if (user?.verification_status !== 'VERIFIED' || user.da_profile === null || !user.phone_number)
    return undefined;
  const da = (await s.backend.findDas(user.phone_number)).find((d) => d.id === user.da_profile);
  if (!da) return undefined;
  const links = screenLinks(s.makeLink, { telegramUserId: who.telegramUserId, chatId: who.chatId, lang });
  return mainMenuKeyboard(createTranslator(lang), links, {
    botUserId: user.id,
    phone: user.phone_number,
    da: daInfo(da),
    reportUser: user.report_user !== null,
    manager: isManager(user),
    creator: user.has_notifications ?? false,
  });
}
