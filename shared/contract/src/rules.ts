import { languages } from '@gebere/i18n/languages';
import type { Advisory } from './entities/advisory';

/**
 * The spec's rules that need no zod, one definition each: the §9 constants the screens use, the
 * limits, how a text is fit to a limit, and how an advisory reads (§2). First-load code (the
 * webapp's screens) imports them from `@gebere/contract/rules` without pulling in the schemas;
 * enums.ts holds the other §9 constants and makes the zod enums; the bot and the server read
 * both through the package index.
 */
export const GENDERS = ['male', 'female'] as const;
export const GROUP_TYPES = ['men_only', 'women_only', 'mixed'] as const;
/** Why a farmer leaves the registry: moved away, died, or registered twice. */
export const RETIRE_REASONS = ['moved', 'deceased', 'duplicate'] as const;
export type RetireReason = (typeof RETIRE_REASONS)[number];
/** The bundled languages, as @gebere/i18n declares them. */
export const LANGUAGES = languages;

export const LIMITS = {
  advisoryLabelChars: 80,
  notificationNameChars: 20,
  ratingStars: 5,
  cardMaxWidthPx: 550,
  toastMsFarmer: 5000,
  toastMs: 3000,
  /**
   * How long a success toast ("Reach recorded successfully.") stays on screen before the mini-app
   * closes (the webapp's hand-back): long enough to read a short sentence, short enough that the
   * DA is not kept waiting. The toast itself lives on for toastMs; the app closes first.
   */
  successToastReadMs: 1500,
  /** Telegram's WebApp.sendData limit, in UTF-8 bytes. */
  sendDataBytes: 4096,
  /** Longest name a hand-back result carries (a farmer's, a group's…), in UTF-16 units. */
  handBackNameMax: 200,
  /**
   * Most farmers one "Register another" batch holds: its summary carries each farmer's saved data
   * (spec §4) and must fit sendData, which 12 farmers do whatever their names (shortened until it
   * fits; form-values.test.ts). The form offers Register another until the batch is full.
   */
  farmerBatchMax: 12,
  /** Most farmers a summary may list: older apps, before the data went with each, sent up to 40. */
  farmerBatchListedMax: 40,
  /** Longest text field the backend stores; longer is a 400, not a truncation. */
  textMax: 255,
  longTextMax: 4000,
  /** A location notification's name and message (docs/authorization.md: abuse limits). */
  notificationNameMax: 100,
  notificationMessageMax: 1000,
  /** Most pairs one batch record call accepts. */
  batchMax: 500,
} as const;

/**
 * `text` cut to at most `max` UTF-16 units (what zod's `.max` and Telegram count), never leaving
 * half of a surrogate pair (an emoji) at the end; when it is cut, `mark` (e.g. '…') ends it,
 * within `max`. Text that fits comes back as it is.
 */
export function clip(text: string, max: number, mark = ''): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max - mark.length));
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) + mark;
}

/**
 * Spec §2's display rule (advisory labels, notification names): the first `chars` characters,
 * counted as people see them (code points: never half an emoji), then '…' when there was more.
 */
export function shorten(text: string, chars: number): string {
  const all = Array.from(text);
  return all.length > chars ? `${all.slice(0, chars).join('')}…` : text;
}

// Farmers imported from spreadsheets carry pandas' empty cell, the text "nan", in name parts.
const isRealNamePart = (part: string) => part !== '' && part.toLowerCase() !== 'nan';

/**
 * Spec §2: a farmer's full name, farmer_name, father_name and grand_father_name, ignoring the
 * literal value `nan` (and blanks). The one rule for the screens' lists, the hand-backs and the
 * bot's summaries.
 */
export function farmerFullName(farmer: {
  farmer_name?: string | null;
  father_name?: string | null;
  grand_father_name?: string | null;
}): string {
  return [farmer.farmer_name, farmer.father_name, farmer.grand_father_name]
    .map((part) => (part ?? '').trim())
    .filter(isRealNamePart)
    .join(' ');
}

/**
 * The three names compared as people read them, as the database's `farmer_name_key` (migration
 * 23) compares them: trimmed, one space between words, no Latin or Ethiopic accents, lower case.
 * The same key on the phone and on the server: "the same three names in the kebele".
 */
export function farmerNameKey(farmer: {
  farmer_name: string;
  father_name: string;
  grand_father_name: string;
}): string {
  return `${farmer.farmer_name.trim()} ${farmer.father_name.trim()} ${farmer.grand_father_name.trim()}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u135d-\u135f]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A thing the operator named (a role, a value chain, an area…), with its names in am and om when written. */
export interface Named {
  name: string;
  name_am?: string | null | undefined;
  name_om?: string | null | undefined;
}

/**
 * Its name as a `lang` reader sees it: `name_am` or `name_om` when written, else `name` (English,
 * or the Latin name of a place): the one rule for the screens, the bot and the digest.
 */
export function localName(item: Named, lang: string): string {
  const own = lang === 'am' ? item.name_am : lang === 'om' ? item.name_om : undefined;
  return own?.trim() || item.name;
}

/** How an advisory reads, for the bot's messages and the screens alike. */
export type AdvisoryText = Pick<
  Advisory,
  'label' | 'label_am' | 'label_om' | 'template_content' | 'template_content_am' | 'template_content_om'
>;

const ownText = (advisory: AdvisoryText, lang: string) =>
  lang === 'am' ? advisory.template_content_am : lang === 'om' ? advisory.template_content_om : undefined;
const ownLabel = (advisory: AdvisoryText, lang: string) =>
  lang === 'am' ? advisory.label_am : lang === 'om' ? advisory.label_om : undefined;
const ownWritten = (advisory: AdvisoryText, lang: string) =>
  ownText(advisory, lang)?.some((p) => p.trim()) ?? false;

/** Its paragraphs in the reader's language (Amharic or Oromo when any is written), trimmed, blank ones dropped. */
export function advisoryParagraphs(advisory: AdvisoryText, lang: string): string[] {
  const paragraphs = ownWritten(advisory, lang) ? (ownText(advisory, lang) ?? []) : advisory.template_content;
  return paragraphs.map((p) => p.trim()).filter(Boolean);
}

/**
 * The title the operator gave, in the reader's language; '' when there is none. An Amharic or
 * Oromo reader gets the label in their language; without one, the English label only when no text
 * in their language was written either (English only where the operator gave none of theirs).
 */
export function advisoryTitle(advisory: AdvisoryText, lang: string): string {
  const own = ownLabel(advisory, lang)?.trim();
  if (own) return own;
  if (ownWritten(advisory, lang)) return '';
  return advisory.label?.trim() ?? '';
}

/**
 * Spec §2, the advisory label: its title (advisoryTitle); else the first 80 characters of its
 * text in the reader's language (paragraphs joined, white space folded) and an ellipsis when
 * there is more; else the name of its sub-practice (in the reader's language); else ''.
 */
export function advisoryLabel(advisory: AdvisoryText, lang: string, subPracticeName = ''): string {
  const title = advisoryTitle(advisory, lang);
  if (title) return title;
  const text = shorten(
    advisoryParagraphs(advisory, lang).join(' ').replace(/\s+/g, ' '),
    LIMITS.advisoryLabelChars,
  );
  return text || subPracticeName.trim();
}

/**
 * Telegram's paid broadcasts (Bot API `allow_paid_broadcast`): up to `maxPerSecond` messages a
 * second instead of about `freePerSecond`, each message beyond the free rate billed
 * `starsPerMessage` Telegram Stars from the bot's balance.
 */
export const PAID_BROADCAST = { maxPerSecond: 1000, freePerSecond: 30, starsPerMessage: 0.1 } as const;

/**
 * What a paid broadcast to `recipients` DAs sent at `ratePerSecond` is expected to cost, in Stars:
 * the share of its messages above the free rate (with nothing else being sent), rounded up.
 */
export function paidBroadcastStars(recipients: number, ratePerSecond: number): number {
  const { freePerSecond, starsPerMessage } = PAID_BROADCAST;
  if (ratePerSecond <= freePerSecond) return 0;
  return Math.ceil(recipients * (1 - freePerSecond / ratePerSecond) * starsPerMessage);
}
