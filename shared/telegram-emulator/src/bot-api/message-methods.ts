import type { Emulator } from '../emulator.js';
import { badRequest, forbidden, TG } from '../errors.js';
import { imageInfo } from '../image-info.js';
import { isInlineMarkup, isReplyKeyboard, parseReplyMarkup } from '../markup.js';
import { type FormattedText, formatText } from '../text/formatted-text.js';
import type {
  ChatMessage,
  InlineKeyboardMarkup,
  Message,
  ReplyMarkup,
  UploadedFile,
  UserRecord,
} from '../types.js';
import type { MethodHandler } from './dispatch.js';
import type { Params } from './params.js';

const CHAT_ACTIONS = new Set([
  'typing',
  'upload_photo',
  'record_video',
  'upload_video',
  'record_voice',
  'upload_voice',
  'upload_document',
  'choose_sticker',
  'find_location',
  'record_video_note',
  'upload_video_note',
]);

/** The private chat a bot may write to, with Telegram's refusals in Telegram's order. */
export function writableChat(emu: Emulator, p: Params): UserRecord {
  const chatId = p.chatId() as number;
  const record = emu.store.getUser(chatId);
  if (!record) throw badRequest(TG.chatNotFound);
  if (record.blocked) throw forbidden(TG.blocked);
  if (!record.started) throw forbidden(TG.cantInitiate);
  return record;
}

/** Keeps the chat's reply keyboard in step with what the bot last sent. */
export function applyKeyboard(
  emu: Emulator,
  userId: number,
  markup: ReplyMarkup | undefined,
  messageId: number,
) {
  const chat = emu.store.chat(userId);
  if (isReplyKeyboard(markup)) chat.keyboard = { markup, hidden: false, message_id: messageId };
  else if (markup && 'remove_keyboard' in markup) chat.keyboard = undefined;
}

/** The text of a sent or edited message: `text` with `parse_mode` or `entities`, within Telegram's length. */
function messageText(emu: Emulator, p: Params): FormattedText {
  return formatText({
    text: p.str('text'),
    parseMode: p.str('parse_mode'),
    entities: p.json('entities', badRequest("can't parse entities JSON object")),
    maxLength: emu.options.limits.messageLength,
  });
}

const sendMessage: MethodHandler = (emu, p) => {
  const record = writableChat(emu, p);
  const { text, entities } = messageText(emu, p);
  const markup = parseReplyMarkup(p.raw.reply_markup, emu.options.limits);
  const replyTo = repliedMessage(emu, p, record.user.id);
  // Flood control last: a request Telegram would refuse for another reason costs no quota.
  emu.rate.take(record.user.id, p.bool('allow_paid_broadcast'));
  const stored = emu.store.addMessage(
    record.user.id,
    'bot',
    (message_id, date) =>
      ({
        message_id,
        from: emu.botUser,
        chat: emu.store.chatObject(record.user.id),
        date,
        text,
        ...(entities.length > 0 ? { entities } : {}),
        ...(isInlineMarkup(markup) ? { reply_markup: markup } : {}),
        ...(replyTo ? { reply_to_message: replyTo.raw } : {}),
      }) as Message,
    markup,
  );
  applyKeyboard(emu, record.user.id, markup, stored.message_id);
  const chat = emu.store.chat(record.user.id);
  chat.action = undefined;
  return stored.raw;
};

const isUpload = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && (v as UploadedFile).bytes instanceof Uint8Array;

/**
 * sendDocument and sendPhoto with an uploaded file (multipart), as Telegram keeps it: the message
 * carries the document's name, type and size (a photo: one size, its byte count) and the caption;
 * the chat keeps the bytes (`ChatMessage.document` / `ChatMessage.photo`). A file_id or URL
 * instead of an upload is refused (the emulator keeps no files of its own).
 */
const sendFile =
  (field: 'document' | 'photo'): MethodHandler =>
  (emu, p) => {
    const record = writableChat(emu, p);
    let file = p.raw[field];
    if (typeof file === 'string' && file.startsWith('attach://'))
      file = p.raw[file.slice('attach://'.length)];
    if (!isUpload(file))
      throw badRequest('wrong remote file identifier specified: the emulator takes uploads only');
    const caption = p.str('caption');
    const markup = parseReplyMarkup(p.raw.reply_markup, emu.options.limits);
    emu.rate.take(record.user.id);
    const stored = emu.store.addMessage(
      record.user.id,
      'bot',
      (message_id, date) => {
        const ids = {
          file_id: `${field}-${record.user.id}-${message_id}`,
          file_unique_id: `${field}-${record.user.id}-${message_id}`,
        };
        return {
          message_id,
          from: emu.botUser,
          chat: emu.store.chatObject(record.user.id),
          date,
          ...(field === 'document'
            ? {
                document: {
                  ...ids,
                  file_name: file.file_name,
                  mime_type: file.mime_type || 'application/octet-stream',
                  file_size: file.bytes.length,
                },
              }
            : { photo: [{ ...ids, ...photoSize(file.bytes), file_size: file.bytes.length }] }),
          ...(caption ? { caption } : {}),
          ...(isInlineMarkup(markup) ? { reply_markup: markup } : {}),
        } as Message;
      },
      markup,
    );
    stored[field] = file;
    if (caption) stored.text = caption;
    applyKeyboard(emu, record.user.id, markup, stored.message_id);
    return stored.raw;
  };
/** One size, the upload's own (Telegram would add smaller ones). */
const photoSize = (bytes: Uint8Array) => {
  const { width, height } = imageInfo(bytes);
  return { width, height };
};
const sendDocument = sendFile('document');
const sendPhoto = sendFile('photo');

function repliedMessage(emu: Emulator, p: Params, userId: number): ChatMessage | undefined {
  const params = p.json('reply_parameters', badRequest("can't parse reply parameters JSON object")) as
    | { message_id?: number; allow_sending_without_reply?: boolean }
    | undefined;
  const id = params?.message_id ?? p.int('reply_to_message_id', badRequest('invalid reply_to_message_id'));
  if (id === undefined) return undefined;
  const found = emu.store.findMessage(userId, id);
  const allowMissing = params?.allow_sending_without_reply ?? p.bool('allow_sending_without_reply');
  if (!found && !allowMissing) throw badRequest('message to be replied not found');
  return found;
}

/** A bot message addressed by chat_id + message_id, or by inline_message_id (answerWebAppQuery). */
function editTarget(emu: Emulator, p: Params): { userId: number; message: ChatMessage; inline: boolean } {
  const inlineId = p.str('inline_message_id');
  if (inlineId) {
    const target = emu.actions.inlineMessage(inlineId);
    if (!target) throw badRequest('MESSAGE_ID_INVALID');
    return { ...target, inline: true };
  }
  const messageId = p.int('message_id', badRequest(TG.messageToEditNotFound));
  if (messageId === undefined) throw badRequest(TG.messageIdMissing);
  const chatId = p.chatId() as number;
  const record = emu.store.getUser(chatId);
  if (!record) throw badRequest(TG.chatNotFound);
  const message = emu.store.findMessage(chatId, messageId);
  if (!message) throw badRequest(TG.messageToEditNotFound);
  if (message.from !== 'bot') throw badRequest(TG.messageCantBeEdited);
  return { userId: chatId, message, inline: false };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function saveEdit(
  emu: Emulator,
  target: { userId: number; message: ChatMessage; inline: boolean },
  text: string | undefined,
  entities: Message['entities'],
  markup: InlineKeyboardMarkup | undefined,
): unknown {
  const current = target.message;
  if (
    same(current.text, text) &&
    same(current.entities ?? [], entities ?? []) &&
    same(current.reply_markup, markup)
  ) {
    throw badRequest(TG.notModified);
  }
  const { reply_markup: _old, entities: _oldEntities, ...rest } = current.raw;
  const raw = {
    ...rest,
    ...(text !== undefined ? { text } : {}),
    ...(entities && entities.length > 0 ? { entities } : {}),
    // Telegram drops the inline keyboard when an edit doesn't repeat it.
    ...(markup ? { reply_markup: markup } : {}),
    edit_date: emu.store.now(),
  } as Message;
  const updated = emu.store.replaceMessage(target.userId, current.message_id, raw, markup);
  return target.inline ? true : updated.raw;
}

const editMessageText: MethodHandler = (emu, p) => {
  const target = editTarget(emu, p);
  const { text, entities } = messageText(emu, p);
  if (target.message.text === undefined) throw badRequest('there is no text in the message to edit');
  const markup = parseReplyMarkup(p.raw.reply_markup, emu.options.limits, true) as
    | InlineKeyboardMarkup
    | undefined;
  return saveEdit(emu, target, text, entities, markup);
};

const editMessageReplyMarkup: MethodHandler = (emu, p) => {
  const target = editTarget(emu, p);
  const markup = parseReplyMarkup(p.raw.reply_markup, emu.options.limits, true) as
    | InlineKeyboardMarkup
    | undefined;
  return saveEdit(emu, target, target.message.text, target.message.entities, markup);
};

const deleteMessage: MethodHandler = (emu, p) => {
  const chatId = p.chatId() as number;
  if (!emu.store.getUser(chatId)) throw badRequest(TG.chatNotFound);
  const messageId = p.int('message_id', badRequest(TG.messageToDeleteNotFound));
  if (messageId === undefined) throw badRequest(TG.messageIdMissing);
  const message = emu.store.findMessage(chatId, messageId);
  if (!message) throw badRequest(TG.messageToDeleteNotFound);
  const ageMs = emu.options.clock.now() - message.date * 1000;
  if (ageMs > emu.options.limits.deleteMessageMaxAgeMs) throw badRequest(TG.messageCantBeDeleted);
  emu.store.deleteMessage(chatId, messageId);
  return true;
};

const sendChatAction: MethodHandler = (emu, p) => {
  const record = writableChat(emu, p);
  const action = p.str('action') ?? '';
  if (!CHAT_ACTIONS.has(action)) throw badRequest('wrong parameter action in request');
  // Telegram shows an action for five seconds or until the next message.
  emu.store.chat(record.user.id).action = { action, until: emu.options.clock.now() + 5_000 };
  emu.store.touch(record.user.id);
  return true;
};

export const messageMethods: Record<string, MethodHandler> = {
  sendMessage,
  sendDocument,
  sendPhoto,
  editMessageText,
  editMessageReplyMarkup,
  deleteMessage,
  sendChatAction,
};
