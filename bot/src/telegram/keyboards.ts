import { type HubEntryKey, type HubUser, hubMenu } from '@gebere/contract/hub';
import { type en, languageNames, languages, type Translator, translate } from '@gebere/i18n';
import { InlineKeyboard, Keyboard } from 'grammy';
import type { DaInfo, PickerState } from './context';
import type { ScreenLinks } from './links';

/**
 * Keyboards. Mini-apps open from *reply*-keyboard `web_app` buttons wherever a screen hands a
 * result back, because only those launches may `sendData` (docs/architecture.md "Handing results back").
 * Their URLs are fixed when the keyboard is sent, so every keyboard is built fresh, with freshly
 * signed links, each time it is shown.
 */

/** Most groups one picker shows: Telegram allows 100 buttons per inline keyboard, one is Continue. */
export const PICKER_MAX_GROUPS = 99;

export const CALLBACK = {
  language: new RegExp(`^lang:(${languages.join('|')})$`),
  pickerToggle: /^grp:([ra]):(\d{1,15})$/,
  pickerContinue: /^grp:([ra]):go$/,
  /** Buttons under the notification engine's reach/adoption deliveries (its DELIVERY_CALLBACKS). */
  menuEntry: /^menu:(reach|adoption)$/,
  /** Subscribe to / unsubscribe from the weekly report digest (under the /reports answer). */
  digest: /^digest:(on|off)$/,
  /** Approve / Reject under a DA's registration request (telegram/enrolment.ts). */
  enrolment: /^enrol:([ar]):(\d{1,15})$/,
} as const;

export const pickerKindCode = (kind: PickerState['kind']) => (kind === 'reach' ? 'r' : 'a');
export const pickerKindOf = (code: string): PickerState['kind'] => (code === 'r' ? 'reach' : 'adoption');

type MenuTextKey = `bot.menu.${keyof typeof en.bot.menu}`;

/** A button label in every bundled language, so a keyboard sent before a language change still works. */
export function labelsOf(key: MenuTextKey): string[] {
  return [...new Set(languages.map((lang) => translate(lang, key)))];
}

export function contactKeyboard(t: Translator): Keyboard {
  return new Keyboard().requestContact(t('bot.share_contact_button')).oneTime().resized();
}

/** Who the keyboard is for, as the bot's session knows them (user-state.ts). */
export interface KeyboardUser {
  botUserId: number;
  phone: string | null;
  da: DaInfo | null;
  reportUser: boolean;
  /** Holds an operator's notification-manager grant. */
  manager: boolean;
  /** Has active notifications of their own: the list, grant or not (to remove them). */
  creator?: boolean;
  /** The organisation's DA list knows their phone: the DA registration updates that entry. */
  outbound?: boolean;
  /** Registered as a DA, waiting for a decision: no DA registration button. */
  pending?: 'supervisor' | 'operator' | null;
}

/** The hub's user (@gebere/contract/hub) as the bot's session knows them: one rule for both (hubUserOf reads /api/me/). */
function sessionHubUser(o: KeyboardUser): HubUser {
  return {
    botUserId: o.botUserId,
    // The session keeps a DA only while VERIFIED (user-state.ts); REJECTED users get no keyboard.
    status: o.da ? 'VERIFIED' : 'PENDING',
    phoneVerified: o.phone !== null,
    da: o.da && { id: o.da.id, kebele: o.da.kebele, phone: o.phone },
    reportUser: o.reportUser,
    manager: o.manager,
    creator: o.creator ?? false,
    pending: o.pending ?? null,
  };
}

type Button = { label: string; url?: string };

/** Each hub entry as a button of the chat: a mini-app, or (reach, adoption) the group picker. */
function entryButton(
  t: Translator,
  links: ScreenLinks,
  o: KeyboardUser,
  key: HubEntryKey,
): Button | undefined {
  const da = o.da;
  switch (key) {
    case 'register_farmer':
      return da ? { label: t('bot.menu.register_farmer'), url: links.farmerRegistration(da) } : undefined;
    case 'add_development_group':
      return da ? { label: t('bot.menu.add_group'), url: links.addDevelopmentGroup(da) } : undefined;
    case 'my_farmers':
      return da ? { label: t('bot.menu.my_farmers'), url: links.myFarmers(da) } : undefined;
    case 'record_reach':
      return { label: t('bot.menu.record_reach') };
    case 'record_adoption':
      return { label: t('bot.menu.record_adoption') };
    // In the chat, feedback is given from an advisory's own message (its inline button).
    case 'feedback':
      return undefined;
    case 'update_profile':
      return { label: t('bot.menu.update_profile'), url: links.daUpdateProfile(o.botUserId, o.phone, false) };
    case 'notifications':
      return { label: t('bot.menu.notifications'), url: links.notificationList(o.botUserId) };
    case 'create_notification':
      return { label: t('bot.menu.create_notification'), url: links.notificationCreate(o.botUserId) };
    case 'da_registration':
      return {
        label: t('bot.register_da_button'),
        url: links.daRegistration(o.botUserId, o.phone, o.outbound ?? false),
      };
    // A DA's menu stays as short as it was (reports open from /reports); anyone else's reports
    // are what they come for: a button that answers as /reports does.
    case 'reports':
      return o.da ? undefined : { label: t('bot.menu.reports') };
    case 'report_user_registration':
      return { label: t('bot.register_report_user_button'), url: links.reportUser(false) };
    case 'report_user_update':
      return { label: t('bot.update_report_user_button'), url: links.reportUser(true) };
  }
}

/**
 * The hub's entries for this user (hubMenu, the rule the home screen follows too) as reply
 * buttons: `pairs` puts two in a row (the DA's menu), else one per row; `extra` ends the last row.
 */
function entriesKeyboard(
  t: Translator,
  links: ScreenLinks,
  o: KeyboardUser,
  layout: 'pairs' | 'rows',
  extra: string[] = [],
): Keyboard {
  const menu = hubMenu(sessionHubUser(o));
  const keyboard = new Keyboard();
  // A section with no button in the chat (reports: /reports) makes no empty row.
  const sections = (menu.kind === 'entries' ? menu.sections : [])
    .map((section) =>
      section.map((key) => entryButton(t, links, o, key)).filter((b): b is Button => b !== undefined),
    )
    .filter((buttons) => buttons.length > 0);
  sections.forEach((buttons, i) => {
    if (i > 0) keyboard.row();
    buttons.forEach((b, j) => {
      if (j > 0 && (layout === 'rows' || j % 2 === 0)) keyboard.row();
      if (b.url) keyboard.webApp(b.label, b.url);
      else keyboard.text(b.label);
    });
    if (i === sections.length - 1) for (const label of extra) keyboard.text(label);
  });
  if (sections.length === 0) for (const label of extra) keyboard.text(label);
  return keyboard.resized().persistent();
}

/**
 * For a user who is not a DA yet: register as DA, or register as a report user; a report user's
 * reports and profile first; a notification manager's (or a creator's) notifications too.
 */
export function registrationKeyboard(t: Translator, links: ScreenLinks, o: KeyboardUser): Keyboard {
  return entriesKeyboard(t, links, { ...o, da: null }, 'rows');
}

export type MenuOptions = KeyboardUser & { da: DaInfo };

/**
 * The DA's main menu: persistent, so the screens it opens can always `sendData` back. The
 * entries are the hub's (notifications only for a notification manager), then language and help.
 */
export function mainMenuKeyboard(t: Translator, links: ScreenLinks, o: MenuOptions): Keyboard {
  return entriesKeyboard(t, links, o, 'pairs', [t('bot.menu.language'), t('bot.menu.help')]);
}

/** One form's button on top of the main menu (commands, the picker's Continue). */
export function formKeyboard(label: string, url: string, menu: Keyboard | undefined): Keyboard {
  const keyboard = new Keyboard().webApp(label, url).resized().persistent();
  if (!menu) return keyboard;
  return keyboard.row().append(menu);
}

/** Each bundled language, named in itself (`languageNames`), so anyone finds their own. */
export function languageKeyboard(): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const lang of languages) keyboard.text(languageNames[lang], `lang:${lang}`);
  return keyboard;
}

/**
 * The group picker: a toggle per group, then Continue. With groups ticked, Continue opens the
 * form itself (`formUrl`, an inline web_app button: its launch carries Telegram's initData, and
 * the signed link stays in its URL), so the DA ticks and continues, two steps; with none ticked
 * it is a callback that says to tick one first.
 */
export function pickerKeyboard(t: Translator, picker: PickerState, formUrl?: string): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const code = pickerKindCode(picker.kind);
  for (const g of picker.groups) {
    const mark = picker.selected.includes(g.id) ? '✅' : '▫️';
    keyboard.text(`${mark} ${g.name}`, `grp:${code}:${g.id}`).row();
  }
  const label = `${t('bot.groups.continue')} ▶️`;
  return formUrl && picker.selected.length > 0
    ? keyboard.webApp(label, formUrl)
    : keyboard.text(label, `grp:${code}:go`);
}
