import type { BotCommand, MenuButton } from './types.js';

export type CommandScope =
  | { type: 'default' | 'all_private_chats' | 'all_group_chats' | 'all_chat_administrators' }
  | { type: 'chat' | 'chat_administrators'; chat_id: number }
  | { type: 'chat_member'; chat_id: number; user_id: number };

export function scopeKey(scope: CommandScope): string {
  if (scope.type === 'chat_member') return `chat_member:${scope.chat_id}:${scope.user_id}`;
  if (scope.type === 'chat' || scope.type === 'chat_administrators') return `${scope.type}:${scope.chat_id}`;
  return scope.type;
}

/** What the bot configured about itself: commands per scope and language, menu buttons, texts. */
export class BotSettings {
  private readonly commands = new Map<string, BotCommand[]>();
  defaultMenuButton: MenuButton | undefined;
  readonly texts = new Map<string, string>();

  setCommands(scope: CommandScope, languageCode: string, commands: BotCommand[]): void {
    const key = `${scopeKey(scope)}|${languageCode}`;
    if (commands.length === 0) this.commands.delete(key);
    else this.commands.set(key, commands);
  }

  getCommands(scope: CommandScope, languageCode: string): BotCommand[] {
    return this.commands.get(`${scopeKey(scope)}|${languageCode}`) ?? [];
  }

  /** The list a user sees in their private chat: Telegram's documented lookup order. */
  commandsFor(userId: number, languageCode: string | undefined): BotCommand[] {
    const lang = languageCode ?? '';
    const order: Array<[CommandScope, string]> = [
      [{ type: 'chat', chat_id: userId }, lang],
      [{ type: 'chat', chat_id: userId }, ''],
      [{ type: 'all_private_chats' }, lang],
      [{ type: 'all_private_chats' }, ''],
      [{ type: 'default' }, lang],
      [{ type: 'default' }, ''],
    ];
    for (const [scope, code] of order) {
      const found = this.commands.get(`${scopeKey(scope)}|${code}`);
      if (found) return found;
    }
    return [];
  }

  /** A chat's menu button, falling back to the bot's default, then to the commands list. */
  menuButtonFor(chatMenuButton: MenuButton | undefined): MenuButton {
    if (chatMenuButton && chatMenuButton.type !== 'default') return chatMenuButton;
    if (this.defaultMenuButton && this.defaultMenuButton.type !== 'default') return this.defaultMenuButton;
    return { type: 'commands' };
  }
}
