// A report user who registers and later updates the profile, and a verified demo DA managing a
// notification (create, list, update, remove) that the notification engine delivers to the DAs of
// its area, in Debian's Chromium through the emulator's chat page, in English, Amharic and Afaan
// Oromo at 360×640: the rows, the exact bot texts and deliveries, axe on each screen.

import { translate } from '@gebere/i18n';
import { describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { daInChat } from './demo-das';
import { chatSeen, englishAmong } from './english-leaks';
import { expectCleanRun, journeyFile, row, rows } from './journey';
import {
  type DeliveryRow,
  daArea,
  dasWithTheBot,
  deliveredMessage,
  deliveryRows,
  engineCaughtUp,
  expectDelivered,
  fillNotification,
  linkedColleague,
  notificationsSeen,
  sentCount,
  waitForDeliveries,
} from './notification-steps';
import {
  appClosed,
  botSays,
  choose,
  mark,
  openFromReply,
  pickRadio,
  pressMainButton,
  replyLabels,
  sendText,
  shareContact,
  showBubble,
  summaryText,
  tr,
} from './steps';
import { chromiumSkipReason, journeyLanguage, openChat, screenshot } from './test-kit';

/** The demo kebele with advisories and demo content (bot/src/backend/seed/demo/places.ts). */
const DEMO_KEBELE = 'ET031702888001';
/** A DA in another kebele of the demo DA's woreda (the demo has one DA per woreda). */
const COLLEAGUE = {
  en: { first: 'Tigist', phone: '911000733' },
  am: { first: 'ትዕግስት', phone: '911000744' },
  om: { first: 'Lensaa', phone: '911000755' },
};
/** Per language: the report user, and the notification's texts. */
const WORDS = {
  en: {
    reporter: { phone: '911000711', name: 'Hana Girma', newName: 'Hana Girma Tolosa' },
    name: 'Weekly teff reach reminder',
    message: 'Please record this week’s reach.',
    newMessage: 'Record reach by Friday.',
  },
  am: {
    reporter: { phone: '911000722', name: 'ሐና ግርማ', newName: 'ሐና ግርማ ቶሎሳ' },
    name: 'የጤፍ ሳምንታዊ የተደራሽነት ማስታወሻ መልእክት',
    message: 'እባክዎ የዚህን ሳምንት ተደራሽነት ይመዝግቡ።',
    newMessage: 'ተደራሽነትን እስከ ዓርብ ይመዝግቡ።',
  },
  om: {
    reporter: { phone: '911000766', name: 'Hawaa Girmaa', newName: 'Hawaa Girmaa Tolosaa' },
    name: "Yaadachiisa ga'iinsa xaafii torbanii",
    message: "Maaloo ga'iinsa torban kanaa galmeessaa.",
    newMessage: "Hanga Jimaataatti ga'iinsa galmeessaa.",
  },
};

const journey = journeyFile();

describe.skipIf(chromiumSkipReason)('report users and notifications (needs Chromium)', () => {
  expectCleanRun(journey, 'manager-journey');

  describe.each(journeyLanguage('manager', ['en', 'am', 'om']))('in %s', (lang) => {
    const t = tr(lang);

    it('a report user registers, then updates the profile: the same row', async () => {
      const areas = await rows<{ region: string; zone: string; woreda: string }>(
        `select z.region_id::text as region, w.zone_id::text as zone, w.id::text as woreda
         from woredas w join zones z on z.id = w.zone_id
         where z.region_id = (select z2.region_id from kebeles k join woredas w2 on w2.id = k.woreda_id
                              join zones z2 on z2.id = w2.zone_id where k.code = $1)
         order by w.id limit 2`,
        [DEMO_KEBELE],
      );
      expect(areas).toHaveLength(2);
      const [first, second] = areas as [(typeof areas)[0], (typeof areas)[0]];
      const { phone, name, newName } = WORDS[lang].reporter;
      const r = journey.product.emulator.createUser({
        first_name: 'Hana',
        language_code: lang,
        phone_number: `+251${phone}`,
      });
      const page = await openChat(journey.browser, journey.product, r.id);
      await sendText(page, '/start');
      await botSays(r, t('bot.ask_contact'));
      await shareContact(page, t('bot.share_contact_button'));
      await botSays(r, (text) => text.startsWith(t('bot.not_registered')));
      let app = await openFromReply(page, t('bot.register_report_user_button'));
      await app.locator('input[name="name"]').fill(name);
      await app.locator('input[name="phone_no"]').fill(`0${phone}`);
      await pickRadio(app, 'gender', 'female');
      await choose(app, 'region', first.region);
      await choose(app, 'zone', first.zone);
      await choose(app, 'woreda', first.woreda);
      let before = mark(r);
      await pressMainButton(page);
      await appClosed(page);
      const saved = await row<{ id: string; created_by: string }>(
        'select id::text, created_by from report_users where created_by = $1',
        [r.id],
      );
      expect(saved).toBeDefined();
      await botSays(
        r,
        summaryText(
          { kind: 'report_user_saved', report_user_id: Number(saved.id), name, update: false },
          lang,
        ),
        20_000,
        before,
      );
      // the registration keyboard now offers the update
      await expect
        .poll(() => replyLabels(r), { timeout: 20_000 })
        .toContain(t('bot.update_report_user_button'));

      app = await openFromReply(page, t('bot.update_report_user_button'));
      const nameInput = app.locator('input[name="name"]');
      await expect.poll(() => nameInput.inputValue(), { timeout: 20_000 }).toBe(name);
      await expect
        .poll(() => app.locator('select[name="woreda"]').inputValue(), { timeout: 20_000 })
        .toBe(first.woreda);
      await nameInput.fill(newName);
      await choose(app, 'zone', second.zone);
      await choose(app, 'woreda', second.woreda);
      journey.findings.push(...(await axeSerious(app, `${lang} /register_report_user?update=true`)));
      await screenshot(page, `${lang}-light-report-user-update`);
      before = mark(r);
      await pressMainButton(page);
      await appClosed(page);
      const after = await rows<{ id: string; name: string; zone_id: string; woreda_id: string }>(
        'select id::text, name, zone_id::text, woreda_id::text from report_users where created_by = $1',
        [r.id],
      );
      expect(after).toEqual([
        { id: saved.id, name: newName, zone_id: second.zone, woreda_id: second.woreda },
      ]);
      await botSays(
        r,
        summaryText(
          { kind: 'report_user_saved', report_user_id: Number(saved.id), name: newName, update: true },
          lang,
        ),
        20_000,
        before,
      );
      expect(englishAmong(chatSeen(r), lang)).toEqual([]);
      await page.close();
    });

    // A notification is created, delivered by the engine to the DAs of its woreda and nobody else, narrowed
    // to the kebele (a new target: sent once more, to it), removed. Several engine ticks (5 s each)
    // on 2 shared cores: more than the default 30 s.
    it('a verified DA sends a notification to the DAs of the woreda, retargets it, removes it', async () => {
      const { u, page } = await daInChat(journey, t, lang);
      const area = await daArea(u.id);
      // The demo has one DA per woreda: a colleague in another kebele of it, who has the bot too.
      const other = await row<{ id: string }>(
        'select id::text from kebeles where woreda_id = $1 and id <> $2 order by id limit 1',
        [area.woreda, area.kebele],
      );
      const colleague = await linkedColleague(journey.product, t, {
        ...COLLEAGUE[lang],
        lang,
        kebeleId: other.id,
      });
      const woredaDas = await dasWithTheBot('woreda', area.woreda);
      // The DA and the colleague (and, when the file runs in every language, the DAs the earlier
      // languages linked there: the notification reaches them all).
      expect(woredaDas).toEqual(expect.arrayContaining([u.id, colleague.id]));

      // create: send now, to the DA's woreda
      const { name, message, newMessage } = WORDS[lang];
      expect(Array.from(name).length).toBeGreaterThan(20);
      let app = await openFromReply(page, t('bot.menu.create_notification'));
      await fillNotification(app, { name, message, contentType: 'reach', area });
      await expect.poll(() => app.locator('input[name="interval"]').count()).toBe(0);
      // Before sending, the form says whom it reaches: the woreda's DAs (two: the plural), out
      // within a minute at 30/s.
      const reach = t('notification.recipients.now_other', {
        count: woredaDas.length,
        finish: t('notification.deliveries.in_minutes', { minutes: 1 }),
      });
      await app.locator('.notification-recipients', { hasText: reach }).waitFor();
      // A region manager is offered her region alone (no "All", no other region) ...
      const offered = await app
        .locator('select[name="region"] option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(offered).toEqual([String(area.region)]);
      // ... and asked before saving a target no DA of the bot is in; Cancel saves nothing.
      const empty = await row<{ id: string }>(
        `select w.id::text from woredas w where w.zone_id = $1 and w.id <> $2 and not exists (
           select 1 from bot_users b join da_profiles d on d.id = b.da_profile_id where d.woreda_id = w.id)
         order by w.id limit 1`,
        [area.zone, area.woreda],
      );
      await choose(app, 'woreda', empty.id);
      await pressMainButton(page, t('common.submit'));
      await expect
        .poll(() => page.locator('#modal-text').textContent(), { timeout: 20_000 })
        .toBe(t('notification.no_recipients_confirm'));
      await screenshot(page, `${lang}-light-notification-no-recipients`);
      await page.locator('#modal-buttons button', { hasText: t('notification.cancel') }).click();
      expect(
        await rows('select id from location_notifications where created_by = $1', [area.botUserId]),
      ).toEqual([]);
      await choose(app, 'woreda', area.woreda);
      await app.locator('.notification-recipients', { hasText: reach }).waitFor();
      journey.findings.push(...(await axeSerious(app, `${lang} /notification_create`)));
      await screenshot(page, `${lang}-light-notification-create`);
      let before = mark(u);
      await pressMainButton(page, t('common.submit'));
      await appClosed(page);
      const target = `select id::text, name, message, content_type, send_now, location_type, location_id::text,
          region_id::text, zone_id::text, woreda_id::text, kebele_id::text, frequency, "interval", active
        from location_notifications where created_by = $1`;
      const created = await rows<Record<string, unknown>>(target, [area.botUserId]);
      expect(created).toHaveLength(1);
      const n = created[0] as { id: string };
      expect(n).toEqual({
        id: n.id,
        name,
        message,
        content_type: 'reach',
        send_now: true,
        location_type: 'woreda',
        location_id: area.woreda,
        region_id: area.region,
        zone_id: area.zone,
        woreda_id: area.woreda,
        kebele_id: null,
        frequency: null,
        interval: null,
        active: true,
      });
      await botSays(
        u,
        summaryText({ kind: 'notification_saved', notification_id: Number(n.id), name, update: false }, lang),
        20_000,
        before,
      );

      // the engine delivers it to every DA of the woreda, once, worded by its renderer
      const first = await waitForDeliveries(n.id, woredaDas.length);
      for (const { want } of await expectDelivered(journey.product, first, woredaDas))
        expect(want.reply_markup?.inline_keyboard).toEqual([
          [{ text: translate(want.lang, 'bot.delivery.record_reach'), callback_data: 'menu:reach' }],
        ]);
      expect(notificationsSeen(journey.product, name)).toEqual(new Map(woredaDas.map((id) => [id, 1])));
      const bubble = page.locator('.row.in').filter({ hasText: message }).last();
      await bubble.locator('button', { hasText: t('bot.delivery.record_reach') }).waitFor();
      await showBubble(bubble);
      await screenshot(page, `${lang}-light-notification-delivered`);

      // list → card (with its delivery counts) → update: new message, narrowed to the DA's kebele
      app = await openFromReply(page, t('bot.menu.notifications'));
      const cardName = app.locator('.notification-card-name');
      await expect
        .poll(() => cardName.allTextContents(), { timeout: 20_000 })
        .toEqual([`${Array.from(name).slice(0, 20).join('')}…`]);
      journey.findings.push(...(await axeSerious(app, `${lang} /notifications`)));
      await screenshot(page, `${lang}-light-notification-list`);
      await app.locator('.notification-card-link').click();
      const messageBox = app.locator('textarea[name="message"]');
      await expect.poll(() => messageBox.inputValue(), { timeout: 20_000 }).toBe(message);
      await expect.poll(() => sentCount(app), { timeout: 20_000 }).toBe(woredaDas.length);
      await messageBox.fill(newMessage);
      await choose(app, 'kebele', area.kebele);
      journey.findings.push(...(await axeSerious(app, `${lang} /notification_update`)));
      await screenshot(page, `${lang}-light-notification-update`);
      before = mark(u);
      await pressMainButton(page, t('common.update'));
      await appClosed(page);
      expect(await rows(target, [area.botUserId])).toEqual([
        {
          ...n,
          message: newMessage,
          location_type: 'kebele',
          location_id: area.kebele,
          kebele_id: area.kebele,
        },
      ]);
      await botSays(
        u,
        summaryText({ kind: 'notification_saved', notification_id: Number(n.id), name, update: true }, lang),
        20_000,
        before,
      );
      // README "Edits": a new target restarts the schedule from the edit, so a send-now goes once
      // more, to the kebele's DAs only, with the new text; what was sent stays as it was.
      const kebeleDas = await dasWithTheBot('kebele', area.kebele);
      expect(kebeleDas).toEqual([u.id]);
      const all = await waitForDeliveries(n.id, first.length + kebeleDas.length);
      const firstAt = (first[0] as DeliveryRow).occurrence.getTime();
      expect(all.filter((d) => d.occurrence.getTime() === firstAt)).toEqual(first);
      // the DA twice (woreda, then kebele), every other DA of the woreda once
      const twiceAndOnce = new Map(woredaDas.map((id) => [id, id === u.id ? 2 : 1]));
      const second = all.filter((d) => d.occurrence.getTime() > firstAt);
      await expectDelivered(journey.product, second, kebeleDas);
      expect(deliveredMessage(u, second[0] as DeliveryRow).text).toContain(newMessage);
      expect(notificationsSeen(journey.product, name)).toEqual(twiceAndOnce);

      // remove, confirmed in the chat page's popup: nothing more goes out
      app = await openFromReply(page, t('bot.menu.notifications'));
      await app.locator('.notification-card-link').click();
      await app.locator('button.notification-remove').click();
      await page.locator('#modal-buttons button', { hasText: t('notification.remove') }).click();
      await appClosed(page);
      expect(await rows('select active from location_notifications where id = $1', [n.id])).toEqual([
        { active: false },
      ]);
      await botSays(
        u,
        summaryText({ kind: 'notification_removed', notification_id: Number(n.id), name }, lang),
        20_000,
        0,
      );
      app = await openFromReply(page, t('bot.menu.notifications'));
      await app.getByText(t('notification.no_notifications')).waitFor();
      expect(await app.locator('.notification-card').count()).toBe(0);
      journey.findings.push(...(await axeSerious(app, `${lang} /notifications (empty)`)));
      // Nothing more: read once the engine has delivered a later notification.
      await engineCaughtUp(journey.product, area);
      expect(await deliveryRows(n.id)).toEqual(all);
      expect(notificationsSeen(journey.product, name)).toEqual(twiceAndOnce);
      expect(englishAmong(chatSeen(u), lang)).toEqual([]);
      await page.close();
    }, 240_000);
  });
});
