// The DA's side of an advisory notification, in Debian's Chromium through the emulator's
// chat page, in English, Amharic and Afaan Oromo at 360×640: a demo DA (linked by phone) sends a notification of
// type advisory to their kebele; the notification engine running in the product delivers it with
// the latest advisory for the kebele; the DA presses the delivered message's feedback button,
// answers every question and submits: the feedback rows and the bot's exact summary.

import { type AdvisoryText, advisoryTitle, localName, type Named } from '@gebere/contract/rules';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { ADVISORY_CODE } from './advisory-steps';
import { daInChat } from './demo-das';
import { chatSeen, englishAmong } from './english-leaks';
import { expectCleanRun, journeyFile, row, rows } from './journey';
import {
  daArea,
  dasWithTheBot,
  expectDelivered,
  fillNotification,
  latestAdvisoryFor,
  notificationsSeen,
  waitForDeliveries,
} from './notification-steps';
import {
  appClosed,
  botSays,
  mark,
  openFromReply,
  pickRadio,
  pressMainButton,
  sendText,
  showBubble,
  summaryText,
  tick,
  tr,
} from './steps';
import { appFrame, chromiumSkipReason, journeyLanguage, screenshot } from './test-kit';

const journey = journeyFile();

/** What the DA types, in their language. */
const TYPED = {
  en: {
    name: 'New teff advisory',
    message: 'Read it and tell us what you think.',
    question: 'Where can I buy Quncho seed?',
  },
  am: { name: 'አዲስ የጤፍ ምክር', message: 'ያንብቡት፤ አስተያየትዎን ይንገሩን።', question: 'የቁንጮ ዘር የት ይገኛል?' },
  om: {
    name: 'Gorsa xaafii haaraa',
    message: 'Dubbisaatii yaada keessan nutti himaa.',
    question: 'Sanyii Quncho eessaa bitachuu danda’a?',
  },
} as const;

describe.skipIf(chromiumSkipReason)('feedback on a delivered advisory (needs Chromium)', () => {
  expectCleanRun(journey, 'notification-feedback-journey');

  describe.each(journeyLanguage('notification-feedback', ['en', 'am', 'om']))('in %s', (lang) => {
    const t = tr(lang);

    // Waits for the engine (it plans and sends every 5 s) on 2 shared cores: more than 30 s.
    it('a DA answers the advisory a notification delivered, through its feedback button', async () => {
      const { u, page } = await daInChat(journey, t, lang);
      const area = await daArea(u.id);
      // The season's teff advisory is published (again) today: the newest for every Amhara kebele,
      // so the one the engine attaches to an advisory notification (README "Buttons").
      await rows('update advisories set created_at = now() where code = $1', [ADVISORY_CODE]);
      const advisory = await row<AdvisoryText & { id: string }>(
        `select id::text, label, label_am, label_om, template_content, template_content_am, template_content_om
         from advisories where code = $1`,
        [ADVISORY_CODE],
      );
      expect(await latestAdvisoryFor(area.kebele)).toBe(Number(advisory.id));

      const { name, message, question: text } = TYPED[lang];
      const app0 = await openFromReply(page, t('bot.menu.create_notification'));
      await fillNotification(app0, { name, message, contentType: 'advisory', area, kebele: true });
      let before = mark(u);
      await pressMainButton(page, t('common.submit'));
      await appClosed(page);
      const n = await row<{ id: string }>(
        `select id::text from location_notifications
         where created_by = $1 and content_type = 'advisory' and location_type = 'kebele' and location_id = $2`,
        [area.botUserId, area.kebele],
      );
      await botSays(
        u,
        summaryText({ kind: 'notification_saved', notification_id: Number(n.id), name, update: false }, lang),
        20_000,
        before,
      );

      // delivered by the engine to the kebele's DAs (this one), with the advisory and its button
      const recipients = await dasWithTheBot('kebele', area.kebele);
      expect(recipients).toEqual([u.id]);
      const delivered = await waitForDeliveries(n.id, recipients.length);
      const [seen] = await expectDelivered(journey.product, delivered, recipients);
      expect(seen?.want.advisoryId).toBe(Number(advisory.id));
      expect(seen?.shown.text).toContain(t('bot.advisory.new', { title: advisoryTitle(advisory, lang) }));
      expect(seen?.shown.reply_markup).toMatchObject({
        inline_keyboard: [[{ text: t('bot.advisory.give_feedback'), web_app: { url: expect.any(String) } }]],
      });
      expect(notificationsSeen(journey.product, name)).toEqual(new Map([[u.id, 1]]));

      // the DA presses the delivered message's button in the chat page
      const bubble = page.locator('.row.in').filter({ hasText: message }).last();
      await showBubble(bubble);
      await screenshot(page, `${lang}-light-advisory-delivered`);
      await bubble.locator('button', { hasText: t('bot.advisory.give_feedback') }).click();
      await page.locator('#app').waitFor({ state: 'visible' });
      const app = await appFrame(page);
      await app.locator('main.screen').waitFor();

      const questions = await rows<{ id: string; type: string }>(
        'select id::text, type from feedback_questions where advisory_id = $1 order by position, id',
        [advisory.id],
      );
      expect(new Set(questions.map((q) => q.type))).toEqual(
        new Set(['SELECT_ONE', 'SELECT_MULTIPLE', 'RATING', 'TEXT']),
      );
      const choices = await rows<{ id: string; question_id: string } & Named>(
        `select c.id::text, c.question_id::text, c.name, c.name_am, c.name_om from feedback_choices c
           join feedback_questions q on q.id = c.question_id
         where q.advisory_id = $1 order by c.position, c.id`,
        [advisory.id],
      );
      const answers = new Map<string, unknown>();
      for (const q of questions) {
        const mine = choices.filter((c) => c.question_id === q.id);
        if (q.type === 'SELECT_ONE') {
          const c = mine[1];
          await pickRadio(app, `q${q.id}`, String(c?.id));
          answers.set(q.id, { choice: Number(c?.id) });
        } else if (q.type === 'SELECT_MULTIPLE') {
          const picked = [mine[0], mine[2]];
          for (const c of picked) await tick(app, c ? localName(c, lang) : '');
          answers.set(q.id, { choice: picked.map((c) => Number(c?.id)).sort((a, b) => a - b) });
        } else if (q.type === 'RATING') {
          await pickRadio(app, `q${q.id}`, '4');
          answers.set(q.id, { rating: 4 });
        } else {
          await app.locator('textarea').fill(text); // the only text question
          answers.set(q.id, { text });
        }
      }
      journey.findings.push(...(await axeSerious(app, `${lang} /feedback (delivered)`)));
      await screenshot(page, `${lang}-light-feedback-delivered`);
      before = mark(u);
      await pressMainButton(page);
      await appClosed(page);

      const saved = await rows<{ question_id: string; response: { answer: Record<string, unknown> } }>(
        'select question_id::text, response from feedback where bot_user_id = $1 order by question_id',
        [area.botUserId],
      );
      const sortChoices = (a: Record<string, unknown>) =>
        Array.isArray(a.choice) ? { ...a, choice: [...a.choice].sort((x, y) => x - y) } : a;
      expect(new Map(saved.map((s) => [s.question_id, sortChoices(s.response.answer)]))).toEqual(answers);
      // The summary comes through answerWebAppQuery: the DA's message "via" the bot, which the
      // bot leaves alone (the next thing it says answers the DA's /help).
      const summary = summaryText(
        { kind: 'feedback_sent', advisory_id: Number(advisory.id), answers: questions.length },
        lang,
      );
      const shown = await u.waitFor(
        () =>
          u
            .history()
            .slice(before)
            .find((m) => m.text === summary),
        { timeoutMs: 20_000, description: summary },
      );
      expect(shown.raw.via_bot?.id).toBe(journey.product.emulator.botUser.id);
      await sendText(page, '/help');
      await botSays(u, t('bot.help'), 20_000, before);
      const after = u.history().slice(u.history().findIndex((m) => m.message_id === shown.message_id) + 1);
      expect(after.map((m) => [m.from, m.text])).toEqual([
        ['user', '/help'],
        ['bot', t('bot.help')],
      ]);
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      await page.close();
    }, 180_000);
  });
});
