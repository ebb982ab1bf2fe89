import type { CommandScope } from '../bot-settings.js';
import { badRequest } from '../errors.js';
import type { BotCommand, MenuButton } from '../types.js';
import type { MethodHandler } from './dispatch.js';
import type { Params } from './params.js';

const SCOPES = new Set([
  'default',
  'all_private_chats',
  'all_group_chats',
  'all_chat_administrators',
  'chat',
  'chat_administrators',
  'chat_member',
]);

function scope(p: Params): CommandScope {
  const raw = p.json('scope', badRequest("can't parse BotCommandScope JSON object"));
  if (raw === undefined) return { type: 'default' };
  if (typeof raw !== 'object' || raw === null) throw badRequest("can't parse BotCommandScope JSON object");
  const s = raw as { type?: unknown; chat_id?: unknown; user_id?: unknown };
  if (typeof s.type !== 'string' || !SCOPES.has(s.type))
    throw badRequest('unsupported bot command scope type');
  if (s.type === 'chat' || s.type === 'chat_administrators' || s.type === 'chat_member') {
    const chatId = Number(s.chat_id);
    if (!Number.isSafeInteger(chatId)) throw badRequest('chat not found');
    if (s.type === 'chat_member') return { type: 'chat_member', chat_id: chatId, user_id: Number(s.user_id) };
    return { type: s.type, chat_id: chatId };
  }
  return { type: s.type as 'default' };
}

function languageCode(p: Params): string {
  const code = p.str('language_code') ?? '';
  if (code !== '' && !/^[a-z]{2}$/.test(code)) throw badRequest('invalid language code specified');
  return code;
}

function commands(p: Params): BotCommand[] {
  const raw = p.json('commands', badRequest("can't parse commands JSON object"));
  if (!Array.isArray(raw)) throw badRequest("can't parse commands JSON object");
  if (raw.length > 100) throw badRequest('too many commands specified');
  return raw.map((c: unknown) => {
    const { command, description } = (c ?? {}) as { command?: unknown; description?: unknown };
    if (typeof command !== 'string' || !/^[a-z0-9_]{1,32}$/.test(command))
      throw badRequest('BOT_COMMAND_INVALID');
    if (typeof description !== 'string' || description.trim() === '' || [...description].length > 256) {
      throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    }
    return { command, description };
  });
}

function menuButton(p: Params): MenuButton {
  const raw = p.json('menu_button', badRequest("can't parse menu button JSON object"));
  if (raw === undefined) return { type: 'default' };
  const b = raw as { type?: unknown; text?: unknown; web_app?: { url?: unknown } };
  if (b.type === 'commands' || b.type === 'default') return { type: b.type };
  if (b.type !== 'web_app') throw badRequest('unsupported menu button type');
  if (typeof b.text !== 'string' || b.text === '') throw badRequest('menu button text is empty');
  const url = b.web_app?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw badRequest('BUTTON_URL_INVALID');
  return { type: 'web_app', text: b.text, web_app: { url } };
}

const textSetting =
  (key: string, field: string): MethodHandler =>
  (emu, p) => {
    emu.settings.texts.set(`${key}|${languageCode(p)}`, p.str(field) ?? '');
    return true;
  };
const textGetting =
  (key: string, field: string): MethodHandler =>
  (emu, p) => ({ [field]: emu.settings.texts.get(`${key}|${languageCode(p)}`) ?? '' });

export const settingsMethods: Record<string, MethodHandler> = {
  getMe: (emu) => emu.botInfo,
  setMyCommands: (emu, p) => {
    emu.settings.setCommands(scope(p), languageCode(p), commands(p));
    return true;
  },
  getMyCommands: (emu, p) => emu.settings.getCommands(scope(p), languageCode(p)),
  deleteMyCommands: (emu, p) => {
    emu.settings.setCommands(scope(p), languageCode(p), []);
    return true;
  },
  setChatMenuButton: (emu, p) => {
    const button = menuButton(p);
    const chatId = p.chatId(false);
    if (chatId === undefined) {
      emu.settings.defaultMenuButton = button;
      for (const r of emu.store.listUsers()) emu.store.touch(r.user.id);
      return true;
    }
    if (!emu.store.getUser(chatId)) throw badRequest('chat not found');
    emu.store.chat(chatId).menuButton = button;
    emu.store.touch(chatId);
    return true;
  },
  getChatMenuButton: (emu, p) => {
    const chatId = p.chatId(false);
    if (chatId === undefined) return emu.settings.defaultMenuButton ?? { type: 'commands' };
    if (!emu.store.getUser(chatId)) throw badRequest('chat not found');
    return emu.settings.menuButtonFor(emu.store.chat(chatId).menuButton);
  },
  getChat: (emu, p) => {
    const chatId = p.chatId() as number;
    const record = emu.store.getUser(chatId);
    if (!record) throw badRequest('chat not found');
    return { ...emu.store.chatObject(chatId), accent_color_id: 0, max_reaction_count: 11 };
  },
  setMyName: textSetting('name', 'name'),
  getMyName: textGetting('name', 'name'),
  setMyDescription: textSetting('description', 'description'),
  getMyDescription: textGetting('description', 'description'),
  setMyShortDescription: textSetting('short_description', 'short_description'),
  getMyShortDescription: textGetting('short_description', 'short_description'),
};
