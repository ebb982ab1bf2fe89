// Conversation tests: results handed back, resilience (bad data, backend down, restart), language.

import { createApiClient } from '@gebere/api-client';
import type { HandBackResult } from '@gebere/contract';
import { type Language, translate } from '@gebere/i18n';
import { startEmulator, type TestUser } from '@gebere/telegram-emulator';
import { MemorySessionStorage } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initData, testApp } from '../../test/test-kit';
import { advisoryMessage } from './advisory';
import { createHandBackOptions } from './bot';
import type { SessionData } from './context';

import { createLinkMaker } from './links';
import { renderSummary } from './summaries';
import {
  DEMO_DAS,
  freePort,
  type Harness,
  inlineButtons,
  readLink,
  replyLabels,
  SERVICE_TOKEN,
  startHarness,
  webAppUrl,
} from './test-kit';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.startBot();
});
afterAll(() => h?.close());

/** What the chat shows for an HTML message: entities parsed, escapes undone. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function onboard(u: TestUser, lang: Language) {
  await u.send('/start');
  await u.waitForMessage((m) => m.text === translate(lang, 'bot.ask_contact'));
  await u.pressReply(translate(lang, 'bot.share_contact_button'));
  await u.waitForMessage((m) => m.text?.includes(translate(lang, 'bot.verified')));
}

/** What POST /tg/result asks the bot (server/index.ts), on the test backend. */
const handBack = () =>
  createHandBackOptions({
    api: createApiClient({ baseUrl: h.backendUrl, authorization: () => `Bearer ${SERVICE_TOKEN}` }),
    links: h.links,
    sessions: new MemorySessionStorage<SessionData>(),
    logger: h.logger,
  });

const name = 'Kebede <b>& Sons';
const RESULTS: HandBackResult[] = [
  { kind: 'farmer_registered', farmer_id: 11, name, group_name: 'Tesfa' },
  { kind: 'group_added', group_id: 4, group_name: name },
  { kind: 'da_registered', da_id: 3, name, update: true },
  { kind: 'report_user_saved', report_user_id: 2, name, update: false },
  { kind: 'report_user_saved', report_user_id: 2, name, update: true },
  { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 6, failed: 0 },
  { kind: 'reach_recorded', farmers: 3, advisories: 2, recorded: 4, failed: 2 },
  { kind: 'adoption_recorded', farmers: 1, advisories: 1, recorded: 1, failed: 0 },
  { kind: 'adoption_recorded', farmers: 2, advisories: 1, recorded: 1, failed: 1 },
  { kind: 'feedback_sent', advisory_id: 5, answers: 3 },
  { kind: 'notification_saved', notification_id: 7, name, update: false },
  { kind: 'notification_saved', notification_id: 7, name, update: true },
  { kind: 'notification_removed', notification_id: 7, name },
];

describe.each(['en', 'am'] as const)('results in %s', (lang) => {
  it('replies to each kind of result with its summary and a fresh menu', async () => {
    const demo = lang === 'en' ? DEMO_DAS.abebe : DEMO_DAS.meseret;
    const u = h.tg.createUser({ first_name: demo.first_name, language_code: lang, phone_number: demo.phone });
    await onboard(u, lang);
    const button = translate(lang, 'bot.menu.register_farmer');
    for (const result of RESULTS) {
      const before = webAppUrl(u, button);
      h.clock.offset += 1; // so a re-sent menu is visibly new
      await u.launchFromReply(button).sendData(JSON.stringify(result));
      const reply = await u.waitForMessage();
      expect(reply.text, JSON.stringify(result)).toBe(plain(renderSummary(result, lang)));
      expect(reply.text).not.toContain('&amp;');
      expect(webAppUrl(u, button)).not.toBe(before);
    }
  });

  it('gives a summary sent through /tg/result the DA menu, replacing the "Open form" keyboard', async () => {
    const demo = lang === 'en' ? DEMO_DAS.abebe : DEMO_DAS.meseret;
    const u = h.tg.createUser({ first_name: demo.first_name, language_code: lang, phone_number: demo.phone });
    await onboard(u, lang);
    const { menuFor } = handBack();
    const menu = await menuFor({ telegramUserId: u.id, chatId: u.id }, lang);
    const labels = (menu?.build() ?? []).flat().map((b) => (typeof b === 'string' ? b : b.text));
    expect(labels).toContain(translate(lang, 'bot.menu.record_reach'));
    expect(labels).not.toContain(translate(lang, 'bot.open_form_button'));
    // someone the bot does not know as a DA keeps the keyboard they have
    const stranger = h.tg.createUser({ first_name: 'Sara', language_code: lang });
    expect(await menuFor({ telegramUserId: stranger.id, chatId: stranger.id }, lang)).toBeUndefined();
  });

  it('answers data that is not a typed result politely, and logs it', async () => {
    const demo = lang === 'en' ? DEMO_DAS.abebe : DEMO_DAS.meseret;
    const u = h.tg.createUser({ first_name: demo.first_name, language_code: lang, phone_number: demo.phone });
    await onboard(u, lang);
    const button = translate(lang, 'bot.menu.add_group');
    const warnings = () =>
      h.logs.filter((l) => l.msg === 'web_app_data is not a typed result' && l.level === 40).length;
    const before = warnings();
    for (const data of ['not json', '{"kind":"farmer_registered"}', JSON.stringify({ kind: 'x', id: 1 })]) {
      await u.launchFromReply(button).sendData(data);
      await u.waitForMessage((m) => m.text === translate(lang, 'bot.invalid_result'));
    }
    expect(warnings() - before).toBe(3);
  });
});

describe('language', () => {
  it('is chosen with an inline picker, saved on the bot user and used by the menu', async () => {
    const u = h.tg.createUser({ first_name: 'Lensa', language_code: 'en', phone_number: '+251712345610' });
    await onboard(u, 'en');
    await u.pressReply(translate('en', 'bot.menu.language'));
    const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    const press = await u.pressInline(picker, 'አማርኛ');
    if (press.kind !== 'callback') throw new Error('expected a callback button');
    expect(await press.waitForAnswer()).toMatchObject({ text: translate('am', 'bot.language.set') });
    await u.waitForMessage((m) => m.text === translate('am', 'bot.menu_prompt'));
    expect(replyLabels(u)).toContain(translate('am', 'bot.menu.record_reach'));
    expect(readLink(webAppUrl(u, translate('am', 'bot.menu.register_farmer'))).params.lang).toBe('am');
    // The commands menu too, though Telegram's app is in English.
    expect(u.commands().find((c) => c.command === 'help')?.description).toBe(
      translate('am', 'bot.commands.help'),
    );
    const r = await h.db.query<{ language: string }>(
      'select language from bot_users where telegram_id = $1',
      [u.id],
    );
    expect(r.rows[0]?.language).toBe('am');
  });

  it('offers every bundled language, each named in itself, and switches to Afaan Oromo', async () => {
    const u = h.tg.createUser({
      first_name: 'Gebremedhin',
      language_code: 'en',
      phone_number: '+251914456704',
    });
    await onboard(u, 'en');
    await u.send('/language');
    const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    expect(inlineButtons(picker).map((b) => b.text)).toEqual(['English', 'አማርኛ', 'Afaan Oromoo']);
    const press = await u.pressInline(picker, 'Afaan Oromoo');
    if (press.kind !== 'callback') throw new Error('expected a callback button');
    expect(await press.waitForAnswer()).toMatchObject({ text: 'Afaan Oromoo filatameera' });
    await u.waitForMessage((m) => m.text === translate('om', 'bot.menu_prompt'));
    expect(replyLabels(u)).toContain("Ga'iinsa galmeessi");
    expect(readLink(webAppUrl(u, translate('om', 'bot.menu.register_farmer'))).params.lang).toBe('om');
    const r = await h.db.query<{ language: string }>(
      'select language from bot_users where telegram_id = $1',
      [u.id],
    );
    expect(r.rows[0]?.language).toBe('om');
    // Later messages follow the choice: help in Oromo.
    await u.pressReply(translate('om', 'bot.menu.help'));
    await u.waitForMessage((m) => m.text === translate('om', 'bot.help'));
  });

  it('words a summary handed back through /tg/result in the chosen language, not the launch’s', async () => {
    // Telegram's app is in English; the DA chose Amharic in the bot. The feedback screen, opened
    // from an inline button, hands back with initData, whose language_code is Telegram's.
    const u = h.tg.createUser({ first_name: 'Hirut', language_code: 'en', phone_number: '+251914456704' });
    await onboard(u, 'en');
    await u.send('/language');
    const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    await u.pressInline(picker, 'አማርኛ');
    await u.waitForMessage((m) => m.text === translate('am', 'bot.menu_prompt'));
    const { app, sent } = await testApp({}, {}, handBack());
    const result: HandBackResult = { kind: 'feedback_sent', advisory_id: 5, answers: 3 };
    const res = await app.inject({
      method: 'POST',
      url: '/tg/result',
      headers: { authorization: `tma ${initData({ id: u.id, language_code: 'en' }, { queryId: 'AAQ-am' })}` },
      payload: { result },
    });
    await app.close();
    expect(res.json()).toEqual({ delivered: 'answer_web_app_query' });
    expect(sent[0]?.text).toBe(renderSummary(result, 'am'));
    // Someone the bot has never met: the launch's language.
    const stranger = await handBack().languageOf(990_001);
    expect(stranger).toBeUndefined();
  });
});

describe('resilience', () => {
  it('answers in the language saved on the bot user when the chat’s session is gone', async () => {
    const u = h.tg.createUser({
      first_name: 'Tsion',
      language_code: 'en',
      phone_number: DEMO_DAS.abebe.phone,
    });
    await onboard(u, 'en');
    await u.send('/language');
    const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    await u.pressInline(picker, 'አማርኛ');
    await u.waitForMessage((m) => m.text === translate('am', 'bot.menu_prompt'));
    await h.stopBot(); // the update in progress saves its session first
    await h.db.query('delete from bot_sessions where key = $1', [`chat:${u.id}`]);
    await h.startBot();
    await u.send('/help');
    expect((await u.waitForMessage()).text).toBe(translate('am', 'bot.help'));
  });

  it('keeps language and the group picker across a bot restart (sessions in the database)', async () => {
    const u = h.tg.createUser({
      first_name: 'Dawit',
      language_code: 'en',
      phone_number: DEMO_DAS.dawit.phone,
    });
    await onboard(u, 'en');
    await u.send('/language');
    const choose = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    await u.pressInline(choose, 'አማርኛ');
    await u.waitForMessage((m) => m.text === translate('am', 'bot.menu_prompt'));
    await u.send('/reach');
    const picker = await u.waitForMessage((m) => m.text === translate('am', 'bot.groups.select'));
    const first = inlineButtons(picker)[0]?.text as string;
    await u.pressInline(picker, first);
    const ticked = first.replace('▫️', '✅');
    await u.waitFor(() => inlineButtons(u.message(picker)).some((b) => b.text === ticked));

    await h.stopBot();
    const stored = await h.db.query('select 1 from bot_sessions where key = $1', [`chat:${u.id}`]);
    expect(stored.rows.length).toBe(1);
    await h.startBot();

    // The restarted bot still knows the tick: the same button unticks it (Continue asks again),
    // and ticked again, Continue opens the form for that group.
    const off = await u.pressInline(picker, ticked);
    if (off.kind !== 'callback') throw new Error('expected a callback button');
    await off.waitForAnswer();
    await u.waitFor(() => inlineButtons(u.message(picker)).some((b) => b.text === first));
    await u.pressInline(picker, first);
    await u.waitFor(() => inlineButtons(u.message(picker)).some((b) => b.text === ticked));
    const launch = u.launchFromInline(picker, `${translate('am', 'bot.groups.continue')} ▶️`);
    const link = readLink(launch.url);
    expect(link.path).toBe('/record_reach');
    expect(link.params.selectedids).toMatch(/^\d+$/);
    expect(link.params.lang).toBe('am');
  });

  it('tells the user when the backend is not reachable, and still helps', async () => {
    const tg2 = await startEmulator({ limits: false });
    try {
      const down = `http://127.0.0.1:${await freePort()}/backend`;
      await h.startBot({ backendUrl: down, tg: tg2 });
      const u = tg2.createUser({ id: 990_000_001, first_name: 'Almaz', language_code: 'am' });
      await u.send('/start');
      await u.waitForMessage((m) => m.text === translate('am', 'bot.welcome_new'));
      await u.waitForMessage((m) => m.text === translate('am', 'bot.backend_down'));
      await u.send('hello?');
      await u.waitForMessage((m) => m.text?.startsWith(translate('am', 'bot.unknown_message')));

      // A DA the session knows: the picker needs the backend.
      const da = tg2.createUser({ id: 990_000_002, first_name: 'Abebe', language_code: 'en' });
      await h.db.query(`insert into bot_sessions (key, value) values ($1, $2::jsonb)`, [
        `chat:${da.id}`,
        JSON.stringify({ lang: 'en', botUserId: 1, phone: '911234501', da: { id: 1, kebele: 1, name: 'A' } }),
      ]);
      await da.send(translate('en', 'bot.menu.record_reach'));
      await da.waitForMessage((m) => m.text === translate('en', 'bot.backend_down'));
      expect(h.logs.some((l) => l.msg === 'backend call failed' && l.kind === 'network')).toBe(true);
    } finally {
      await h.stopBot();
      await tg2.close();
      await h.startBot();
    }
  });

  it('answers callback queries nobody handles', async () => {
    const u = h.tg.createUser({ first_name: 'Sara', language_code: 'en' });
    await u.send('/language');
    const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.language.choose'));
    const sent = await h.tg.emulator.call('editMessageReplyMarkup', {
      chat_id: u.id,
      message_id: picker.message_id,
      reply_markup: { inline_keyboard: [[{ text: 'Old', callback_data: 'something:old' }]] },
    });
    expect(sent).toBeTruthy();
    const press = await u.pressInline(picker, 'Old');
    if (press.kind !== 'callback') throw new Error('expected a callback button');
    await expect(press.waitForAnswer()).resolves.toBeTruthy();
  });
});

describe('notification deliveries', () => {
  it('their Record reach / Record adoption buttons open the group picker', async () => {
    const u = h.tg.createUser({
      first_name: 'Abebe',
      language_code: 'en',
      phone_number: DEMO_DAS.abebe.phone,
    });
    await onboard(u, 'en');
    for (const [data, label] of [
      ['menu:reach', 'Record Reach'],
      ['menu:adoption', 'Record Adoption'],
    ] as const) {
      await h.tg.emulator.call('sendMessage', {
        chat_id: u.id,
        text: 'A notification',
        reply_markup: { inline_keyboard: [[{ text: label, callback_data: data }]] },
      });
      const note = await u.waitForMessage((m) => m.text === 'A notification');
      const press = await u.pressInline(note, label);
      if (press.kind !== 'callback') throw new Error('expected a callback button');
      await press.waitForAnswer();
      const picker = await u.waitForMessage((m) => m.text === translate('en', 'bot.groups.select'));
      expect((inlineButtons(picker).at(-1) as { callback_data?: string }).callback_data).toBe(
        `grp:${data === 'menu:reach' ? 'r' : 'a'}:go`,
      );
    }
  });
});

describe('advisory messages', () => {
  it('carry an inline feedback button with a signed /feedback link', async () => {
    const makeLink = createLinkMaker(h.links);
    const u = h.tg.createUser({ first_name: 'Abebe', language_code: 'am' });
    const message = advisoryMessage({
      advisory: {
        id: 42,
        label: null,
        template_content: ['Plant <early> & weed'],
        template_content_am: ['ቀደም ብለው ይዝሩ'],
      },
      lang: 'am',
      chatId: u.id,
      botUserId: 77,
      makeLink,
    });
    await u.send('hi'); // a bot may only write to users who wrote first
    await u.waitForMessage((m) => m.text?.startsWith(translate('am', 'bot.unknown_message')));
    await h.tg.emulator.call('sendMessage', { chat_id: u.id, ...message });
    const shown = await u.waitForMessage((m) => m.text?.startsWith('አዲስ ምክር'));
    // No title of its own: the heading does not repeat the text that follows it.
    expect(shown.text).toBe(`${translate('am', 'bot.advisory.new_untitled')}\n\nቀደም ብለው ይዝሩ`);
    const launch = u.launchFromInline(shown, translate('am', 'bot.advisory.give_feedback'));
    expect(launch.initData).toBeTruthy();
    expect(readLink(launch.url)).toMatchObject({
      path: '/feedback',
      params: { chat_id: String(u.id), user_id: '77', advisory_id: '42', lang: 'am' },
    });
    // The screen's summary (answerWebAppQuery, as POST /tg/result makes it) stands in the chat as
    // the DA's message "via" the bot: the bot must not answer it with "I did not understand".
    await h.tg.emulator.call('answerWebAppQuery', {
      web_app_query_id: launch.queryId,
      result: { type: 'article', id: '1', title: 'ok', input_message_content: { message_text: 'Thanks' } },
    });
    const summary = await u.waitFor(() => u.history().find((m) => m.text === 'Thanks' && m.raw.via_bot), {
      description: 'the summary via the bot',
    });
    await u.send('/help');
    await u.waitForMessage((m) => m.from === 'bot' && m.text === translate('am', 'bot.help'));
    const after = u.history().slice(u.history().findIndex((m) => m.message_id === summary.message_id) + 1);
    expect(after.map((m) => m.from)).toEqual(['user', 'bot']);

    const en = advisoryMessage({
      advisory: { id: 1, label: null, template_content: ['x'.repeat(100)], template_content_am: null },
      lang: 'en',
      chatId: 1,
      botUserId: 1,
      makeLink,
    });
    expect(en.text).toBe(`<b>New advisory</b>\n\n${'x'.repeat(100)}`);
  });

  it('are titled with the Amharic label for an Amharic DA, the English one otherwise', () => {
    const makeLink = createLinkMaker(h.links);
    const advisory = {
      id: 3,
      label: 'Teff seed rate',
      label_am: 'የጤፍ ዘር መጠን',
      template_content: ['Use 5 kg/ha.'],
      template_content_am: ['በሄክታር 5 ኪ.ግ ይጠቀሙ።'],
    };
    const message = (lang: Language) =>
      plain(advisoryMessage({ advisory, lang, chatId: 1, botUserId: 1, makeLink }).text);
    expect(message('am')).toBe(
      `${translate('am', 'bot.advisory.new', { title: 'የጤፍ ዘር መጠን' })}\n\nበሄክታር 5 ኪ.ግ ይጠቀሙ።`,
    );
    expect(message('en')).toBe(
      `${translate('en', 'bot.advisory.new', { title: 'Teff seed rate' })}\n\nUse 5 kg/ha.`,
    );
  });
});
