// Support for the attack suite: the exact texts a refusal must carry, in English and
// Amharic, and one assertion that a request is refused in both languages with nothing written.
import { expect } from 'vitest';
import type { CallOptions, TestBackend } from '../backend/test-kit/backend';

export const AM = { 'accept-language': 'am' } as const;

/**
 * What the user reads, copied here on purpose (not imported from messages.ts): a changed or lost
 * text must fail this suite, not follow it silently.
 */
export const TEXTS = {
  phone_from_contact_only: {
    en: 'Your phone number comes only from the contact you share with the bot.',
    am: 'ስልክ ቁጥርዎ የሚወሰደው ለቦቱ ከሚያጋሩት አድራሻ ብቻ ነው።',
  },
  not_your_phone: {
    en: 'You can look up only your own phone number.',
    am: 'መፈለግ የሚችሉት የራስዎን ስልክ ቁጥር ብቻ ነው።',
  },
  verify_rule: {
    en: 'You can be verified only as the development agent whose Telegram phone number you shared with the bot.',
    am: 'ሊረጋገጡ የሚችሉት ለቦቱ ያጋሩት የቴሌግራም ስልክ ቁጥር ያለው የልማት ሠራተኛ ከሆኑ ብቻ ነው።',
  },
  forbidden: {
    en: 'You do not have permission to perform this action.',
    am: 'ይህን ተግባር ለመፈጸም ፈቃድ የለዎትም።',
  },
  not_manager: {
    en: 'Only notification managers appointed by your organisation can do this.',
    am: 'ይህን ማድረግ የሚችሉት በድርጅትዎ የተሾሙ የማሳወቂያ አስተዳዳሪዎች ብቻ ናቸው።',
  },
  national_needs_grant: {
    en: 'Only a national notification manager can send to all areas.',
    am: 'ለሁሉም አካባቢዎች መላክ የሚችለው የሀገር አቀፍ የማሳወቂያ አስተዳዳሪ ብቻ ነው።',
  },
  paid_needs_national_grant: {
    en: 'Only a national notification manager can send a paid broadcast.',
    am: 'የሚከፈልበት ስርጭት መላክ የሚችለው የሀገር አቀፍ የማሳወቂያ አስተዳዳሪ ብቻ ነው።',
  },
  paid_needs_send_now: {
    en: 'Only a send-now notification can be a paid broadcast.',
    am: 'የሚከፈልበት ስርጭት ሊሆን የሚችለው አሁን የሚላክ ማሳወቂያ ብቻ ነው።',
  },
  target_outside_area: {
    en: 'You can send notifications only to your own area.',
    am: 'ማሳወቂያ መላክ የሚችሉት ለራስዎ ክልል ብቻ ነው።',
  },
  send_now_quota: {
    en: 'You have sent 10 immediate notifications in the last 24 hours, the most allowed. Please try again later.',
    am: 'ባለፉት 24 ሰዓታት 10 አስቸኳይ ማሳወቂያዎችን ልከዋል፤ ይህ የተፈቀደው ከፍተኛ ነው። እባክዎ ቆይተው ይሞክሩ።',
  },
  max_length_100: {
    en: 'Ensure this field has no more than 100 characters.',
    am: 'ይህ መስክ ከ100 ፊደላት መብለጥ የለበትም።',
  },
  max_length_1000: {
    en: 'Ensure this field has no more than 1000 characters.',
    am: 'ይህ መስክ ከ1000 ፊደላት መብለጥ የለበትም።',
  },
  telegram_phone_not_verified: {
    en: 'Must be the phone number of your Telegram account, the one you shared with the bot.',
    am: 'ለቦቱ ያጋሩት የቴሌግራም መለያዎ ስልክ ቁጥር መሆን አለበት።',
  },
  phone_not_shared: {
    en: 'Share your phone number with the bot first (the button in the chat).',
    am: 'መጀመሪያ ስልክ ቁጥርዎን ለቦቱ ያጋሩ (በውይይቱ ውስጥ ያለውን ቁልፍ ይጫኑ)።',
  },
  not_a_da: {
    en: 'Only a registered development agent can do this.',
    am: 'ይህን ማድረግ የሚችለው የተመዘገበ የልማት ሠራተኛ ብቻ ነው።',
  },
  out_of_area: { en: 'This is outside your area.', am: 'ይህ ከእርስዎ የሥራ ክልል ውጭ ነው።' },
  no_report_scope: {
    en: 'Reports are for development agents, report users and supervisors. Register as a report user first.',
    am: 'ሪፖርቶች ለልማት ሰራተኞች፣ ለሪፖርት ተጠቃሚዎች እና ለተቆጣጣሪዎች ናቸው። መጀመሪያ እንደ ሪፖርት ተጠቃሚ ይመዝገቡ።',
  },
  not_yourself: { en: 'You can act only as yourself.', am: 'መሥራት የሚችሉት በራስዎ ስም ብቻ ነው።' },
  unique_telegram_phone: {
    en: 'A record with this telegram phone number already exists.',
    am: 'ይህ የቴሌግራም ስልክ ቁጥር ያለው መዝገብ አስቀድሞ አለ።',
  },
  da_rejected: {
    en: 'Your registration was rejected. Please contact your supervisor.',
    am: 'ምዝገባዎ ውድቅ ተደርጓል። እባክዎ ተቆጣጣሪዎን ያነጋግሩ።',
  },
  da_pending: {
    en: 'Your development agent registration is not verified yet.',
    am: 'የልማት ሠራተኛ ምዝገባዎ ገና አልተረጋገጠም።',
  },
  link_scope: {
    en: 'This link does not allow this action. Please open the screen again from the bot.',
    am: 'ይህ ሊንክ ይህን ተግባር አይፈቅድም። እባክዎ ገጹን ከቦቱ እንደገና ይክፈቱ።',
  },
  invalid_proof: {
    en: 'Invalid or expired proof. Please open this screen again from the bot.',
    am: 'ማረጋገጫው ልክ ያልሆነ ወይም ጊዜው ያለፈበት ነው። እባክዎ ይህን ገጽ ከቦቱ እንደገና ይክፈቱ።',
  },
  late_sync_expired: {
    en: 'This record was captured more than 7 days ago and can no longer be sent. Open the form again and re-enter it.',
    am: 'ይህ መዝገብ ከ7 ቀናት በላይ በፊት የተያዘ በመሆኑ ከእንግዲህ መላክ አይቻልም። ቅጹን እንደገና ከፍተው ያስገቡት።',
  },
  late_sync_outside_proof: {
    en: "This record's capture time does not match the proof it was captured with, so it cannot be sent. Open the form again and re-enter it.",
    am: 'የዚህ መዝገብ የተያዘበት ጊዜ ከማረጋገጫው ጋር ስለማይጣጣም መላክ አይቻልም። ቅጹን እንደገና ከፍተው ያስገቡት።',
  },
  phone_registered_elsewhere: {
    en: 'A farmer with this phone number is already registered in another kebele.',
    am: 'ይህ ስልክ ቁጥር ያለው አርሶ አደር በሌላ ቀበሌ አስቀድሞ ተመዝግቧል።',
  },
} as const satisfies Record<string, { en: string; am: string }>;

export type TextKey = keyof typeof TEXTS;
type Bodies = { en: unknown; am: unknown };

/** `{detail}` of a refusal, in both languages. */
export const detail = (key: TextKey): Bodies => ({
  en: { detail: TEXTS[key].en },
  am: { detail: TEXTS[key].am },
});

/** A 400 naming one field, in both languages. */
export const fieldError = (field: string, key: TextKey): Bodies => ({
  en: { [field]: [TEXTS[key].en] },
  am: { [field]: [TEXTS[key].am] },
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';

/**
 * The request is refused with `status` and exactly `bodies` in English and then in Amharic
 * (`accept-language: am`), and no table gained or lost a row.
 */
export async function expectRefused(
  t: TestBackend,
  method: Method,
  path: string,
  options: CallOptions,
  status: number,
  bodies: Bodies,
): Promise<void> {
  const before = await t.fx.rowCounts();
  const en = await t.call(method, path, options);
  const am = await t.call(method, path, { ...options, headers: { ...options.headers, ...AM } });
  expect({ status: en.status, body: en.body }, `${method} ${path} (en)`).toEqual({ status, body: bodies.en });
  expect({ status: am.status, body: am.body }, `${method} ${path} (am)`).toEqual({ status, body: bodies.am });
  expect(await t.fx.rowCounts(), `${method} ${path} wrote nothing`).toEqual(before);
}

/** `0` + the 9-digit national number, as the forms send it. */
export const local = (phone: string) => `0${phone}`;

/**
 * {@link expectRefused} in English and Amharic, then in Afaan Oromo (`accept-language: om`) with
 * `bodies.om`, still writing nothing.
 */
export async function expectRefusedInAll(
  t: TestBackend,
  method: Method,
  path: string,
  options: CallOptions,
  status: number,
  bodies: Bodies & { om: unknown },
): Promise<void> {
  await expectRefused(t, method, path, options, status, bodies);
  const before = await t.fx.rowCounts();
  const om = await t.call(method, path, {
    ...options,
    headers: { ...options.headers, 'accept-language': 'om' },
  });
  expect({ status: om.status, body: om.body }, `${method} ${path} (om)`).toEqual({ status, body: bodies.om });
  expect(await t.fx.rowCounts(), `${method} ${path} wrote nothing`).toEqual(before);
}
