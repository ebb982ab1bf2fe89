// An accessibility check (axe-core) of every screen, with no serious or critical violations,
// and screenshots light and dark: every route of spec §2 in Telegram's light theme in English,
// Amharic and Afaan Oromo, and in its dark theme in English, with none of our English texts on an
// Amharic or Oromo screen, nor the operator's English where the data has the reader's own
// (english-leaks.ts), opened from the emulator's chat page with the link the bot signs (an inline
// web_app button, as Telegram launches it, theme included), once its content shows. Plus an error
// state (a refused save: field error and toast) in both themes. Screenshots go to artifacts/e2e/
// (a11y-<lang>-<theme>-<screen>.png), findings to artifacts/e2e/axe-a11y-sweep.json.

import type { Language } from '@gebere/i18n';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeSerious } from './a11y';
import { ownContrast } from './a11y-contrast';
import {
  linksFor,
  openScreen,
  optionsLoaded,
  type Person,
  type SweepPeople,
  sendScreenButtons,
  sweepPeople,
  TAKEN_PHONE,
  valueShown,
} from './a11y-sweep-steps';
import { contentInEnglish, englishOnScreen } from './english-leaks';
import { advisoryPath, chooseRecords } from './fault-steps';
import { expectCleanRun, journeyFile, rows } from './journey';
import { closeApp, pressMainButton, tr } from './steps';
import { chromiumSkipReason, openChat, screenshot } from './test-kit';

type Theme = 'light' | 'dark';

/** One screen: its button (the route), the link, and what shows once its content is there. */
interface ScreenCase {
  route: string;
  url: string;
  ready: (app: Frame) => Promise<unknown>;
  /** More to check on the open screen (choices made, an error state, a screen it leads to). */
  more?: (app: Frame, check: (name: string) => Promise<void>) => Promise<unknown>;
}

const journey = journeyFile();
let people: SweepPeople;

const count = (app: Frame, selector: string) => app.locator(selector).count();

/** The screens each person opens, in `lang`, with the page the checks run in. */
function screensFor(lang: Language, page: () => Page): [Person, ScreenCase[]][] {
  const t = tr(lang);
  const { da, newcomer, reporter } = people;
  const daLinks = linksFor(journey.product, da, lang);
  const daInfo = { id: da.daId, kebele: da.kebele, name: 'Abebe' };
  const groupIds = da.groups.map((g) => g.id);
  const recordReady = async (app: Frame) => {
    await expect.poll(() => count(app, 'button.ra-group-head'), { timeout: 20_000 }).toBe(da.groups.length);
    await expect
      .poll(() => count(app, '[data-level] input[type="checkbox"]'), { timeout: 20_000 })
      .not.toBe(0);
  };
  return [
    [
      da,
      [
        {
          route: '/',
          url: daLinks.home(),
          // The hub's entries for the demo DA, a notification manager: the DA's eight (feedback,
          // My farmers and reports included) and the two notification screens (@gebere/contract/hub).
          ready: (app) => expect.poll(() => count(app, 'a.menu-cell')).toBe(10),
        },
        {
          route: '/add_development_group',
          url: daLinks.addDevelopmentGroup(daInfo),
          ready: (app) => app.locator('input[name="group_name"]').waitFor(),
        },
        {
          route: '/da_update_profile',
          url: daLinks.daUpdateProfile(da.botUserId, da.phone, false),
          ready: async (app) => {
            await valueShown(app, 'input[name="first_name"]', 'Abebe');
            await optionsLoaded(app, 'kebele');
            await valueShown(app, 'select[name="kebele"]', String(da.kebele));
          },
          // The error state: another DA's phone number is refused by the server; the field says
          // why and a toast says the update failed. Nothing is saved.
          more: async (app, check) => {
            await app.locator('input[name="phone_number"]').fill(TAKEN_PHONE);
            await pressMainButton(page(), t('common.update'));
            await app.locator('.field-error').first().waitFor();
            await app.locator('.toast-error').first().waitFor();
            // axe leaves the toast undecided (it floats over the form): its own colours, read
            // while it shows (it goes after a few seconds, sooner than a loaded machine's axe run).
            expect(await ownContrast(app, '.toast-error')).toBeGreaterThanOrEqual(4.5);
            await check('/da_update_profile (refused)');
          },
        },
        {
          route: '/farmer_registration',
          url: daLinks.farmerRegistration(daInfo),
          ready: (app) => optionsLoaded(app, 'development_group'),
        },
        {
          route: '/my_farmers',
          url: daLinks.myFarmers(daInfo),
          ready: (app) => app.locator('button.mf-group').first().waitFor(),
          // A group opened, then one of its farmers: their details and records.
          more: async (app, check) => {
            await app.locator('button.mf-group').first().click();
            await app.locator('a.mf-farmer').first().click();
            await app.getByText(t('registry.reach')).waitFor();
            await check('/my_farmers?farmer=');
          },
        },
        { route: '/record_reach', url: daLinks.record('reach', daInfo, groupIds), ready: recordReady },
        {
          route: '/record_adoption',
          url: daLinks.record('adoption', daInfo, groupIds),
          ready: recordReady,
          // Farmers listed under both groups, advisories chosen: the selection summary shows.
          more: async (app, check) => {
            const [first, second] = da.groups;
            if (!first || !second) throw new Error('the demo DA needs two groups with farmers');
            await chooseRecords(
              app,
              [{ name: first.name, farmers: first.farmers.slice(0, 2) }],
              await advisoryPath(String(da.kebele), lang),
            );
            await app.locator('button.ra-group-head', { hasText: second.name }).click();
            await app.getByRole('checkbox', { name: second.farmers[0], exact: true }).waitFor();
            // the summary of what is chosen in the screenshot
            await app.locator('.ra-summary').scrollIntoViewIfNeeded();
            await check('/record_adoption (chosen)');
          },
        },
        {
          route: '/feedback',
          url: daLinks.feedback(da.botUserId, people.advisoryId),
          // all four question types: one choice, several, stars, text
          ready: async (app) => {
            await app.locator('textarea').waitFor();
            await app.locator('.star-rating').waitFor();
            expect(
              await count(app, '[role="radiogroup"]:not(.star-rating-stars) input[type="radio"]'),
            ).toBeGreaterThan(0);
            expect(await count(app, '.feedback-choices input[type="checkbox"]')).toBeGreaterThan(0);
          },
        },
        {
          route: '/notification/create',
          url: daLinks.notificationCreate(da.botUserId),
          ready: (app) => optionsLoaded(app, 'region'),
        },
        {
          route: '/notification/list',
          url: daLinks.notificationList(da.botUserId),
          ready: (app) => expect.poll(() => count(app, '.notification-card'), { timeout: 20_000 }).toBe(2),
          // A card opens the update route (the form prefilled with the notification).
          more: async (app, check) => {
            // Afaan Oromo's Update button is the widest: beside it a name still shows all of spec
            // §2's 20 characters and its one ellipsis, never cut a second time by the card.
            if (lang === 'om')
              expect(
                await app
                  .locator('.notification-card-name')
                  .evaluateAll((names) =>
                    names.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent),
                  ),
              ).toEqual([]);
            await app.locator('.notification-card-link').first().click();
            await valueShown(app, 'input[name="name"]', people.notifications[0] ?? '');
            await optionsLoaded(app, 'region');
            await check('/notification/update/:id');
          },
        },
      ],
    ],
    [
      newcomer,
      [
        {
          route: '/da_registration',
          url: linksFor(journey.product, newcomer, lang).daRegistration(
            newcomer.botUserId,
            newcomer.phone,
            false,
          ),
          ready: async (app) => {
            await valueShown(app, 'input[name="phone_number"]', newcomer.localPhone);
            await optionsLoaded(app, 'region');
            await optionsLoaded(app, 'role');
          },
        },
        {
          route: '/register_report_user',
          url: linksFor(journey.product, newcomer, lang).reportUser(false),
          ready: (app) => optionsLoaded(app, 'region'),
        },
      ],
    ],
    [
      reporter,
      [
        {
          route: '/register_report_user?update=true',
          url: linksFor(journey.product, reporter, lang).reportUser(true),
          ready: async (app) => {
            await valueShown(app, 'input[name="name"]', reporter.name);
            await valueShown(app, 'select[name="woreda"]', reporter.woreda);
          },
        },
        {
          // Their area's report: the value chains, areas and weeks of the demo data, in their language.
          route: '/reports',
          url: linksFor(journey.product, reporter, lang).reports(),
          ready: (app) => app.locator('.report-chart').first().waitFor(),
        },
      ],
    ],
  ];
}

describe.skipIf(chromiumSkipReason)('every screen, light and dark, is accessible (needs Chromium)', () => {
  expectCleanRun(journey, 'a11y-sweep');
  beforeAll(async () => {
    people = await sweepPeople(journey);
  }, 60_000);

  describe.each(['en', 'am', 'om'] as const)('in %s', (lang) => {
    // The dark theme in English only: its colours are the same in every language, and what
    // differs by language (the words, their lengths, English left in them) is checked in each
    // language's light theme (each run costs about twenty seconds).
    it.each(lang === 'en' ? (['light', 'dark'] as const) : (['light'] as const))(
      'the %s theme: each screen shows its content with no serious or critical axe finding, and no English of ours to an Amharic or Oromo reader',
      async (theme: Theme) => {
        const findings = journey.findings.length;
        let page: Page | undefined;
        const seen: string[] = [];
        const english: string[] = [];
        // The operator's English where the demo data has the reader's own text (names, titles,
        // questions, choices, areas): none of it may show either.
        const content = lang === 'en' ? [] : await contentInEnglish(rows, lang);
        if (lang === 'om')
          expect(content).toEqual(expect.arrayContaining(['Teff', 'Crop DA', 'North Gondar']));
        for (const [person, screens] of screensFor(lang, () => page as Page)) {
          const bubble = await sendScreenButtons(
            journey.product,
            person,
            lang,
            screens.map((s) => ({ label: s.route, url: s.url })),
          );
          page = await openChat(journey.browser, journey.product, person.user.id, theme);
          for (const screen of screens) {
            const app = await openScreen(page, bubble, screen.route, { lang, theme }, screen.ready);
            const check = async (name: string) => {
              journey.findings.push(...(await axeSerious(app, `${lang} ${theme} ${name}`)));
              english.push(
                ...(await englishOnScreen(app, page as Page, lang, content)).map(
                  (line) => `${name}: ${line}`,
                ),
              );
              await screenshot(page as Page, `a11y-${lang}-${theme}-${slug(name)}`);
              seen.push(name);
            };
            await check(screen.route);
            await screen.more?.(app, check);
            await closeApp(page);
          }
          await page.close();
        }
        expect(seen).toEqual(EXPECTED_CHECKS);
        expect(journey.findings.slice(findings)).toEqual([]);
        expect(english).toEqual([]);
      },
      120_000,
    );
  });
});

/** Every route of spec §2, and the states checked on top. */
const EXPECTED_CHECKS = [
  '/',
  '/add_development_group',
  '/da_update_profile',
  '/da_update_profile (refused)',
  '/farmer_registration',
  '/my_farmers',
  '/my_farmers?farmer=',
  '/record_reach',
  '/record_adoption',
  '/record_adoption (chosen)',
  '/feedback',
  '/notification/create',
  '/notification/list',
  '/notification/update/:id',
  '/da_registration',
  '/register_report_user',
  '/register_report_user?update=true',
  '/reports',
];

const slug = (name: string) =>
  name
    .replace(/:id/g, 'id')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '') || 'home';
