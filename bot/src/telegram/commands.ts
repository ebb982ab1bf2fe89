import { type Language, languages, translate } from '@gebere/i18n';
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Logger } from '../log';

/** The commands menu: the main menu's entries, in the order of the help text. */
const COMMANDS = [
  'start',
  'menu',
  'register_farmer',
  'add_group',
  'reach',
  'adoption',
  'notifications',
  'reports',
  'digest',
  'profile',
  'language',
  'help',
] as const;

export function botCommands(lang: Language): BotCommand[] {
  return COMMANDS.map((command) => ({ command, description: translate(lang, `bot.commands.${command}`) }));
}

/**
 * The commands menu of one private chat in the language its user chose in the bot: Telegram
 * picks the bot-wide lists by the app's language, which may not be the chosen one.
 */
export function setChatCommands(api: Pick<Api, 'setMyCommands'>, chatId: number, lang: Language) {
  return api.setMyCommands(botCommands(lang), { scope: { type: 'chat', chat_id: chatId } });
}

export interface ConfigureOptions {
  /** PUBLIC_URL: the chat menu button opens the mini-app's home there. */
  publicUrl: string;
  logger: Logger;
}

/**
 * Sets the commands (English as the default, and per bundled language for its `language_code`: am, om) and the chat menu
 * button (the mini-app's home). Idempotent: every start sets the same values. A launch from the
 * menu button carries Telegram's signed initData, which is proof enough for the home screen.
 * Failures are logged, not thrown: a bot without its command list still works.
 */
export async function configureBotCommands(api: Api, options: ConfigureOptions): Promise<void> {
  const jobs: Array<[string, () => Promise<unknown>]> = [
    ['setMyCommands', () => api.setMyCommands(botCommands('en'))],
    ...languages.map(
      (lang) =>
        [`setMyCommands ${lang}`, () => api.setMyCommands(botCommands(lang), { language_code: lang })] as [
          string,
          () => Promise<unknown>,
        ],
    ),
    [
      'setChatMenuButton',
      () =>
        api.setChatMenuButton({
          menu_button: {
            type: 'web_app',
            text: translate('en', 'common.app_name'),
            web_app: { url: `${options.publicUrl.replace(/\/+$/, '')}/` },
          },
        }),
    ],
  ];
  const results = await Promise.allSettled(jobs.map(([, run]) => run()));
  results.forEach((r, i) => {
    if (r.status === 'rejected') {
      options.logger.warn({ err: r.reason, call: jobs[i]?.[0] }, 'could not configure the bot’s commands');
    }
  });
}
