// Demo DAs (linked by phone) in Debian's Chromium through the emulator's chat page, in English
// and Amharic at 360×640: a mini-app framed by a chat page on another site (127.0.0.1 while
// PUBLIC_URL is localhost), and feedback on an advisory the bot sent with its inline button.

import { localName, type Named } from '@gebere/contract/rules';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { openFromBubble, sendDemoAdvisory } from './advisory-steps';
import { DEMO_DA, daInChat } from './demo-das';
import { chatSeen, englishAmong } from './english-leaks';
import { expectCleanRun, journeyFile, rows } from './journey';
import {
  appClosed,
  botSays,
  mark,
  openFromReply,
  pickRadio,
  pressMainButton,
  summaryText,
  tick,
  tr,
} from './steps';
import { chromiumSkipReason, journeyLanguage, openChat, type Product, screenshot } from './test-kit';

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('demo DAs in the field (needs Chromium)', () => {
  expectCleanRun(journey, 'field-journey');

  describe.each(journeyLanguage('field', ['en', 'am']))('in %s', (lang) => {
    const t = tr(lang);
    let u: ReturnType<Product['emulator']['createUser']>;

    // As Telegram Web frames mini-apps: the chat page on 127.0.0.1, the app on localhost, and
    // Chromium denies the framed app sessionStorage, where the SDK keeps its state. The telegram
    // layer gives it an in-memory one (webapp/src/telegram/session-storage.ts), so the main button
    // still shows and sends.
    it('a demo DA is linked by phone; a web_app button works from a chat page on another site', async () => {
      const otherSite = journey.product.base.replace('//localhost:', '//127.0.0.1:');
      expect(otherSite).not.toBe(journey.product.base);
      const linked = await daInChat(journey, t, lang, DEMO_DA[lang], otherSite);
      u = linked.u;
      const page = linked.page;

      const app = await openFromReply(page, t('bot.menu.add_group'));
      expect(new URL(app.url()).hostname).toBe('localhost');
      const groupName = lang === 'en' ? 'Cross-site group' : 'የሌላ ጣቢያ ቡድን';
      await app.locator('input[name="group_name"]').fill(groupName);
      await pickRadio(app, 'group_type', 'mixed');
      const before = mark(u);
      await pressMainButton(page, t('common.add'));
      await appClosed(page);
      const [group] = await rows<{ id: string }>('select id from development_groups where group_name = $1', [
        groupName,
      ]);
      expect(group).toBeDefined();
      await botSays(
        u,
        summaryText({ kind: 'group_added', group_id: Number(group?.id), group_name: groupName }, lang),
        20_000,
        before,
      );
      await page.close();
    });

    it('feedback on an advisory the bot sent, through its inline button (answerWebAppQuery)', async () => {
      const { advisory, title, botUserId } = await sendDemoAdvisory(journey.product, u, lang);
      const page = await openChat(journey.browser, journey.product, u.id);
      const app = await openFromBubble(page, title, t('bot.advisory.give_feedback'));

      const questions = await rows<{ id: string; type: string }>(
        'select id, type from feedback_questions where advisory_id = $1 order by position, id',
        [advisory.id],
      );
      const choices = await rows<{ id: string; question_id: string } & Named>(
        'select c.id, c.question_id, c.name, c.name_am, c.name_om from feedback_choices c join feedback_questions q on q.id = c.question_id where q.advisory_id = $1 order by c.position, c.id',
        [advisory.id],
      );

      for (const q of questions) {
        const mine = choices.filter((c) => c.question_id === q.id);
        if (q.type === 'SELECT_ONE') {
          const c = mine[1];
          await pickRadio(app, `q${q.id}`, String(c?.id));
        } else if (q.type === 'SELECT_MULTIPLE') {
          const picked = [mine[0], mine[2]];
          for (const c of picked) await tick(app, c ? localName(c, lang) : '');
        } else if (q.type === 'RATING') {
          await pickRadio(app, `q${q.id}`, '4');
        } else {
          const text = lang === 'en' ? 'Where can I buy Quncho seed?' : 'የቁንጮ ዘር የት ይገኛል?';
          await app.locator('textarea').fill(text);
        }
      }
      expect(new Set(questions.map((q) => q.type))).toEqual(
        new Set(['SELECT_ONE', 'SELECT_MULTIPLE', 'RATING', 'TEXT']),
      );
      journey.findings.push(...(await axeSerious(app, `${lang} /feedback`)));
      await screenshot(page, `${lang}-light-feedback`);
      const before = mark(u);
      await pressMainButton(page);
      await appClosed(page);
      const saved = await rows<{ question_id: string; response: unknown }>(
        'select question_id, response from feedback where bot_user_id = $1 order by question_id',
        [botUserId],
      );
      expect(saved.map((r) => r.question_id).sort()).toEqual(questions.map((q) => q.id).sort());
      // the result comes back through answerWebAppQuery: a message in the chat
      const text = summaryText(
        { kind: 'feedback_sent', advisory_id: Number(advisory.id), answers: questions.length },
        lang,
      );
      await u.waitFor(
        () =>
          u
            .history()
            .slice(before)
            .find((m) => m.text === text),
        { timeoutMs: 20_000, description: text },
      );
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      await page.close();
    });
  });
});
