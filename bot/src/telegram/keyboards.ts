import { type en, type Language, languages, type Translator, translate } from '@gebere/i18n';
import { InlineKeyboard, Keyboard } from 'grammy';
import type { DaInfo, PickerState } from './context';
import type { ScreenLinks } from './links';

/**
 * Keyboards. Mini-apps open from *reply*-keyboard `web_app` buttons wherever a screen hands a
 * result back, because only those launches may `sendData` (DESIGN.md "Handing results back").
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

export interface RegistrationOptions {
  botUserId: number;
  phone: string | null;
  /** The DA is known only to the organisation's backend: the form updates it there. */
  updateOutbound: boolean;
  reportUser: boolean;
}

/** For a user who is not a DA yet: register as DA, or register (update) as a report user. */
export function registrationKeyboard(t: Translator, links: ScreenLinks, o: RegistrationOptions): Keyboard {
  return new Keyboard()
    .webApp(t('bot.register_da_button'), links.daRegistration(o.botUserId, o.phone, o.updateOutbound))
    .row()
    .webApp(
      t(o.reportUser ? 'bot.update_report_user_button' : 'bot.register_report_user_button'),
      links.reportUser(o.reportUser),
    )
    .resized()
    .persistent();
}

export interface MenuOptions {
  botUserId: number;
  phone: string | null;
  da: DaInfo;
}

/** The DA's main menu: persistent, so the screens it opens can always `sendData` back. */
export function mainMenuKeyboard(t: Translator, links: ScreenLinks, o: MenuOptions): Keyboard {
  return new Keyboard()
    .webApp(t('bot.menu.register_farmer'), links.farmerRegistration(o.da))
    .webApp(t('bot.menu.add_group'), links.addDevelopmentGroup(o.da))
    .row()
    .text(t('bot.menu.record_reach'))
    .text(t('bot.menu.record_adoption'))
    .row()
    .webApp(t('bot.menu.notifications'), links.notificationList(o.botUserId))
    .webApp(t('bot.menu.create_notification'), links.notificationCreate(o.botUserId))
    .row()
    .webApp(t('bot.menu.update_profile'), links.daUpdateProfile(o.botUserId, o.phone, false))
    .text(t('bot.menu.language'))
    .text(t('bot.menu.help'))
    .resized()
    .persistent();
}

/** One form's button on top of the main menu (commands, the picker's Continue). */
export function formKeyboard(label: string, url: string, menu: Keyboard | undefined): Keyboard {
  const keyboard = new Keyboard().webApp(label, url).resized().persistent();
  if (!menu) return keyboard;
  return keyboard.row().append(menu);
}

/** Each bundled language's button, named in itself (`bot.language.*`). */
const LANGUAGE_LABELS = {
  en: 'bot.language.english',
  am: 'bot.language.amharic',
  om: 'bot.language.oromo',
} as const satisfies Record<Language, `bot.language.${keyof typeof en.bot.language}`>;

export function languageKeyboard(t: Translator): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const lang of languages) keyboard.text(t(LANGUAGE_LABELS[lang]), `lang:${lang}`);
  return keyboard;
}

export function pickerKeyboard(t: Translator, picker: PickerState): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  const code = pickerKindCode(picker.kind);
  for (const g of picker.groups) {
    const mark = picker.selected.includes(g.id) ? '✅' : '▫️';
    keyboard.text(`${mark} ${g.name}`, `grp:${code}:${g.id}`).row();
  }
  return keyboard.text(`${t('bot.groups.continue')} ▶️`, `grp:${code}:go`);
}
