import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Emulator } from './emulator.js';
import { EmulatorUsageError } from './errors.js';
import { imageInfo } from './image-info.js';
import { THEMES } from './themes.js';
import type { ChatMessage, LaunchRecord } from './types.js';

const userBody = z.object({
  first_name: z.string().trim().min(1).max(64),
  last_name: z.string().trim().max(64).optional(),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{0,32}$/)
    .optional(),
  language_code: z.string().trim().max(8).optional(),
  phone_number: z
    .string()
    .trim()
    .regex(/^\+?\d{6,15}$/)
    .optional()
    .or(z.literal('')),
});
const theme = z.enum(['light', 'dark']).default('light');
const locator = z.union([z.string(), z.object({ row: z.number().int(), column: z.number().int() })]);

/** Where the page fetches a message's file (relative to the page, like its other calls). */
const fileUrl = (userId: number, messageId: number) => `api/users/${userId}/messages/${messageId}/file`;

/** A photo or a document the bot sent, as the page draws it: the file's own URL, name and size. */
function attachment(userId: number, m: ChatMessage) {
  const url = fileUrl(userId, m.message_id);
  if (m.photo) {
    const { width, height } = imageInfo(m.photo.bytes);
    return { photo: { url, width, height, size: m.photo.bytes.length } };
  }
  if (m.document)
    return {
      document: {
        url,
        file_name: m.document.file_name,
        mime_type: m.document.mime_type,
        size: m.document.bytes.length,
      },
    };
  return {};
}

/** What the page needs to draw a chat: messages, keyboard, commands and menu button for this user. */
export function chatView(emu: Emulator, userId: number) {
  const record = emu.store.requireUser(userId);
  const chat = emu.store.chat(userId);
  const now = emu.options.clock.now();
  return {
    user: {
      ...record.user,
      phone_number: record.phoneNumber,
      blocked: record.blocked,
      started: record.started,
    },
    messages: chat.messages.map((m) => ({
      message_id: m.message_id,
      from: m.from,
      date: m.date,
      edit_date: m.edit_date,
      text: m.text,
      entities: m.entities,
      reply_markup: m.reply_markup,
      contact: m.raw.contact,
      web_app_data: m.raw.web_app_data,
      via_bot: m.raw.via_bot?.username,
      ...attachment(userId, m),
    })),
    keyboard: chat.keyboard,
    commands: emu.settings.commandsFor(userId, record.user.language_code),
    menu_button: emu.settings.menuButtonFor(chat.menuButton),
    action: chat.action && chat.action.until > now ? chat.action.action : undefined,
  };
}

const launchView = (l: LaunchRecord) => ({
  id: l.id,
  url: l.url,
  source: l.source,
  button_text: l.buttonText,
});

/** The JSON API the chat page talks to, with server-sent events for live updates. */
export async function pageApiRoutes(app: FastifyInstance, emu: Emulator): Promise<void> {
  const streams = new Set<ServerResponse>();

  app.setErrorHandler((error, _req, reply) => {
    if (error instanceof EmulatorUsageError) return reply.code(400).send({ error: error.message });
    if (error instanceof z.ZodError) return reply.code(400).send({ error: z.prettifyError(error) });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    return reply.code(status).send({ error: status >= 500 ? 'Internal error' : (error as Error).message });
  });

  const userId = (params: unknown) => z.object({ id: z.coerce.number().int() }).parse(params).id;

  app.get('/api/bootstrap', async () => ({
    bot: { first_name: emu.botInfo.first_name, username: emu.botInfo.username },
    themes: THEMES,
    users: emu.store.listUsers().map((r) => ({ ...r.user, blocked: r.blocked, note: r.note })),
  }));

  app.post('/api/users', async (req) => {
    const b = userBody.parse(req.body);
    const user = emu.createUser({
      first_name: b.first_name,
      ...(b.last_name ? { last_name: b.last_name } : {}),
      ...(b.username ? { username: b.username } : {}),
      ...(b.language_code ? { language_code: b.language_code } : {}),
      ...(b.phone_number ? { phone_number: b.phone_number } : {}),
    });
    return user.info;
  });

  app.get('/api/users/:id/chat', async (req) => chatView(emu, userId(req.params)));

  // A file the bot sent: a photo shown inline (as its sniffed image type, never as a page), a
  // document as a download under its own name.
  app.get('/api/users/:id/messages/:message/file', async (req, reply) => {
    const p = z.object({ id: z.coerce.number().int(), message: z.coerce.number().int() }).parse(req.params);
    const m = emu.store.findMessage(emu.store.requireUser(p.id).user.id, p.message);
    const file = m?.photo ?? m?.document;
    if (!m || !file) return reply.code(404).send({ error: `Message ${p.message} has no file` });
    const name = encodeURIComponent(file.file_name);
    reply
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (m.photo)
      return reply
        .type(imageInfo(file.bytes).mime ?? 'application/octet-stream')
        .send(Buffer.from(file.bytes));
    return reply
      .type(file.mime_type || 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
      .send(Buffer.from(file.bytes));
  });

  app.post('/api/users/:id/send', async (req) => {
    const { text } = z.object({ text: z.string() }).parse(req.body);
    return { message_id: emu.actions.sendText(userId(req.params), text).message_id };
  });

  app.post('/api/users/:id/contact', async (req) => ({
    message_id: emu.actions.shareContact(userId(req.params)).message_id,
  }));

  app.post('/api/users/:id/reply-button', async (req) => {
    const b = z.object({ button: locator, theme }).parse(req.body);
    const r = emu.actions.pressReply(userId(req.params), b.button, { theme: b.theme });
    return r.kind === 'web_app' ? { kind: r.kind, launch: launchView(r.launch) } : { kind: r.kind };
  });

  app.post('/api/users/:id/inline-button', async (req) => {
    const b = z.object({ message_id: z.number().int(), button: locator, theme }).parse(req.body);
    const r = emu.actions.pressInline(userId(req.params), b.message_id, b.button, { theme: b.theme });
    if (r.kind === 'web_app') return { kind: r.kind, launch: launchView(r.launch) };
    return r;
  });

  app.post('/api/users/:id/menu', async (req) => {
    const b = z.object({ theme }).parse(req.body ?? {});
    return { launch: launchView(emu.actions.pressMenu(userId(req.params), { theme: b.theme })) };
  });

  app.post('/api/users/:id/block', async (req) => {
    const { blocked } = z.object({ blocked: z.boolean() }).parse(req.body);
    emu.actions.setBlocked(userId(req.params), blocked);
    return { blocked };
  });

  app.post('/api/launches/:id/data', async (req) => {
    const { id } = z.object({ id: z.string() }).parse(req.params);
    const { data } = z.object({ data: z.string() }).parse(req.body);
    return { message_id: emu.actions.sendData(id, data).message_id };
  });

  app.post('/api/launches/:id/close', async (req) => {
    emu.actions.closeLaunch(z.object({ id: z.string() }).parse(req.params).id);
    return { closed: true };
  });

  app.get('/api/events', (_req, reply) => openStream(emu, reply, streams));

  // Open event streams would keep the server from closing.
  app.addHook('preClose', (done) => {
    for (const s of streams) s.end();
    streams.clear();
    done();
  });
}

function openStream(emu: Emulator, reply: FastifyReply, streams: Set<ServerResponse>): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  const send = (event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.write('retry: 1000\n\n');
  const onChat = (userId: number) => send('chat', { userId });
  const onUsers = () => send('users', {});
  const onAnswer = (userId: number, queryId: string, answer: unknown) =>
    send('callback_answer', { userId, queryId, answer });
  emu.store.events.on('chat', onChat);
  emu.store.events.on('users', onUsers);
  emu.queries.events.on('callback_answer', onAnswer);
  // Comments keep proxies and the browser from timing the stream out.
  const heartbeat = setInterval(() => res.write(': ping\n\n'), 15_000);
  streams.add(res);
  res.on('close', () => {
    clearInterval(heartbeat);
    streams.delete(res);
    emu.store.events.off('chat', onChat);
    emu.store.events.off('users', onUsers);
    emu.queries.events.off('callback_answer', onAnswer);
  });
}
