import { translate } from '@gebere/i18n';

/**
 * Texts of the backend's answers (400 field messages and `detail`s), in en and am. The spec's own
 * validation keys (`required`, `phone_number_validation`, `telegram_phone_number_validation`)
 * come from @gebere/i18n, so the forms and the server say the same words; the rest follow Django
 * REST Framework's wording (which the shared resources do not carry) and live here.
 */
export type Lang = 'en' | 'am';

const SHARED = {
  required: 'validation.required',
  phone_number_validation: 'validation.phone_number_validation',
  telegram_phone_number_validation: 'validation.telegram_phone_number_validation',
  text_nul: 'validation.text_nul',
  text_surrogate: 'validation.text_surrogate',
  text_bidi: 'validation.text_bidi',
} as const;

const en = {
  // These three are answered from @gebere/i18n (SHARED above); kept here for the key type.
  required: 'Required',
  phone_number_validation: 'Phone number must start with 09 or 07 and have 10 digits',
  telegram_phone_number_validation: 'Telegram phone number must start with 09 or 07 and have 10 digits',
  text_nul: 'Must not contain a NUL character (\\u0000)',
  text_surrogate: 'Contains a broken character (a lone UTF-16 surrogate); type it again',
  text_bidi: 'Must not contain invisible text-direction characters (such as U+202E)',
  not_null: 'This field may not be null.',
  whole_number: 'Enter a whole number.',
  number: 'A valid number is required.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  object: 'Invalid data. Expected a dictionary, but got {type}.',
  list: 'Expected a list of items but got type "{type}".',
  choice: 'Select a valid choice. {value} is not one of the available choices.',
  max_length: 'Ensure this field has no more than {max} characters.',
  min_length: 'Ensure this field has at least {min} characters.',
  min_value: 'Ensure this value is greater than or equal to {min}.',
  max_value: 'Ensure this value is less than or equal to {max}.',
  list_empty: 'This list may not be empty.',
  list_min: 'Ensure this field has at least {min} elements.',
  list_max: 'Ensure this field has no more than {max} elements.',
  unknown_field: 'This field is not allowed.',
  invalid: 'Invalid value.',
  invalid_pk: 'Invalid pk "{value}" - object does not exist.',
  unique: 'A record with this {field} already exists.',
  not_with_send_now: 'Must be empty when send_now is true.',
  not_with_all: 'Must be empty when location_type is all.',
  not_in_parent: 'This {child} is not in the selected {parent}.',
  group_not_in_kebele: 'This development group is not in the selected kebele.',
  path_mismatch: 'Does not match the id in the URL.',
  question_mismatch: 'response.question_id must equal feedback_question',
  answer_type: 'This answer does not fit a {type} question.',
  choice_not_of_question: 'Choice {value} is not an option of this question.',
  verified_needs_da: 'Only a registered development agent can be VERIFIED.',
  location_mismatch: 'Does not match location_id.',
  json_parse: 'JSON parse error - {error}',
  json_too_deep: 'JSON parse error - nested deeper than {max} levels.',
  // Imports (gebere import): a row's reference, key or date.
  unknown_ref: 'Not found: "{value}". Import the file that defines it first, or correct it.',
  duplicate_row: 'The same {columns} as row {row}: each record may appear once.',
  date: 'Enter a date such as 2025-06-02 or a time such as 2025-06-02T07:30:00Z.',
  // details (401/403/404/413/415/429/500)
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_proof: 'Invalid or expired proof. Please open this screen again from the bot.',
  forbidden: 'You do not have permission to perform this action.',
  // Authorization (docs/authorization.md): why a proven caller may not do this.
  unknown_user: 'Open the bot in Telegram and press Start first.',
  phone_not_shared: 'Share your phone number with the bot first (the button in the chat).',
  not_a_da: 'Only a registered development agent can do this.',
  da_pending: 'Your development agent registration is not verified yet.',
  da_rejected: 'Your registration was rejected. Please contact your supervisor.',
  not_manager: 'Only notification managers appointed by your organisation can do this.',
  out_of_area: 'This is outside your area.',
  not_yourself: 'You can act only as yourself.',
  link_scope: 'This link does not allow this action. Please open the screen again from the bot.',
  not_your_phone: 'You can look up only your own phone number.',
  telegram_phone_not_verified:
    'Must be the phone number of your Telegram account, the one you shared with the bot.',
  target_outside_area: 'You can send notifications only to your own area.',
  national_needs_grant: 'Only a national notification manager can send to all areas.',
  send_now_quota:
    'You have sent {max} immediate notifications in the last 24 hours, the most allowed. Please try again later.',
  status_operator_only: 'Only an operator can change a verification status.',
  verify_rule:
    'You can be verified only as the development agent whose Telegram phone number you shared with the bot.',
  phone_from_contact_only: 'Your phone number comes only from the contact you share with the bot.',
  one_of_required: 'Give one of: {fields}.',
  not_found: 'Not found.',
  invalid_page: 'Invalid page.',
  too_large: 'Request body is too large.',
  unsupported_media: 'Unsupported media type "{type}" in request.',
  server_error: 'A server error occurred.',
  // {seconds}: a count with its noun, singular or plural (secondsPhrase below).
  unavailable: 'The service is briefly unavailable. Try again in {seconds}.',
  rate_limited: 'Too many changes in a short time. Try again in {seconds}.',
  idempotency_key_invalid: 'Idempotency-Key must be 1 to 100 printable characters.',
  idempotency_key_reused: 'Idempotency-Key was already used with a different request.',
  idempotency_key_in_progress: 'A request with this Idempotency-Key is still being processed. Retry later.',
} as const;

export type MessageKey = keyof typeof en;

const am: Record<MessageKey, string> = {
  required: 'ያስፈልጋል',
  phone_number_validation: 'ስልክ ቁጥር በ09 ወይም በ07 መጀመርና 10 አሃዝ መሆን አለበት',
  telegram_phone_number_validation: 'የቴሌግራም ስልክ ቁጥር በ09 ወይም በ07 መጀመርና 10 አሃዝ መሆን አለበት',
  text_nul: 'ባዶ (NUL, \\u0000) ምልክት መያዝ የለበትም',
  text_surrogate: 'የተበላሸ ፊደል (ብቸኛ UTF-16 surrogate) ይዟል፤ እንደገና ይጻፉት',
  text_bidi: 'የማይታዩ የጽሑፍ አቅጣጫ ምልክቶችን (ለምሳሌ U+202E) መያዝ የለበትም',
  not_null: 'ይህ መስክ ባዶ (null) መሆን አይችልም።',
  whole_number: 'ሙሉ ቁጥር ያስገቡ።',
  number: 'ትክክለኛ ቁጥር ያስፈልጋል።',
  string: 'ትክክለኛ ጽሑፍ አይደለም።',
  boolean: 'እውነት ወይም ሐሰት (true/false) መሆን አለበት።',
  object: 'ልክ ያልሆነ መረጃ። መዝገብ (object) ይጠበቅ ነበር፤ ነገር ግን {type} ደርሷል።',
  list: 'ዝርዝር ይጠበቅ ነበር፤ ነገር ግን "{type}" ደርሷል።',
  choice: 'ትክክለኛ ምርጫ ይምረጡ። {value} ከሚገኙት ምርጫዎች አንዱ አይደለም።',
  max_length: 'ይህ መስክ ከ{max} ፊደላት መብለጥ የለበትም።',
  min_length: 'ይህ መስክ ቢያንስ {min} ፊደላት ሊኖሩት ይገባል።',
  min_value: 'ይህ ዋጋ ከ{min} ያላነሰ መሆን አለበት።',
  max_value: 'ይህ ዋጋ ከ{max} ያልበለጠ መሆን አለበት።',
  list_empty: 'ይህ ዝርዝር ባዶ መሆን የለበትም።',
  list_min: 'ይህ ዝርዝር ቢያንስ {min} ንጥሎች ሊኖሩት ይገባል።',
  list_max: 'ይህ ዝርዝር ከ{max} ንጥሎች መብለጥ የለበትም።',
  unknown_field: 'ይህ መስክ አይፈቀድም።',
  invalid: 'ልክ ያልሆነ ዋጋ።',
  invalid_pk: 'ልክ ያልሆነ መለያ "{value}"፤ እንዲህ ያለ መዝገብ የለም።',
  unique: 'ይህ {field} ያለው መዝገብ አስቀድሞ አለ።',
  not_with_send_now: 'send_now እውነት ሲሆን ይህ መስክ ባዶ መሆን አለበት።',
  not_with_all: 'location_type "all" ሲሆን ይህ መስክ ባዶ መሆን አለበት።',
  not_in_parent: 'ይህ {child} በተመረጠው {parent} ውስጥ አይገኝም።',
  group_not_in_kebele: 'ይህ የልማት ቡድን በተመረጠው ቀበሌ ውስጥ አይገኝም።',
  path_mismatch: 'በአድራሻው (URL) ካለው መለያ ጋር አይመሳሰልም።',
  question_mismatch: 'response.question_id ከ feedback_question ጋር እኩል መሆን አለበት',
  answer_type: 'ይህ መልስ ለ{type} ጥያቄ አይሆንም።',
  choice_not_of_question: 'ምርጫ {value} የዚህ ጥያቄ አማራጭ አይደለም።',
  verified_needs_da: 'VERIFIED መሆን የሚችለው የተመዘገበ የልማት ሰራተኛ ብቻ ነው።',
  location_mismatch: 'ከ location_id ጋር አይመሳሰልም።',
  json_parse: 'የJSON ትንተና ስህተት - {error}',
  json_too_deep: 'የJSON ትንተና ስህተት - ከ{max} ደረጃ በላይ የተደራረበ ነው።',
  unknown_ref: '"{value}" አልተገኘም። መጀመሪያ እሱን የሚገልጸውን ፋይል ያስገቡ ወይም ያርሙት።',
  duplicate_row: 'ከረድፍ {row} ጋር ተመሳሳይ {columns} ነው፤ እያንዳንዱ መዝገብ አንድ ጊዜ ብቻ መግባት አለበት።',
  date: 'እንደ 2025-06-02 ያለ ቀን ወይም እንደ 2025-06-02T07:30:00Z ያለ ሰዓት ያስገቡ።',
  not_authenticated: 'የማረጋገጫ መረጃ አልቀረበም።',
  invalid_proof: 'ማረጋገጫው ልክ ያልሆነ ወይም ጊዜው ያለፈበት ነው። እባክዎ ይህን ገጽ ከቦቱ እንደገና ይክፈቱ።',
  forbidden: 'ይህን ተግባር ለመፈጸም ፈቃድ የለዎትም።',
  unknown_user: 'መጀመሪያ ቦቱን በቴሌግራም ከፍተው Start ይጫኑ።',
  phone_not_shared: 'መጀመሪያ ስልክ ቁጥርዎን ለቦቱ ያጋሩ (በውይይቱ ውስጥ ያለውን ቁልፍ ይጫኑ)።',
  not_a_da: 'ይህን ማድረግ የሚችለው የተመዘገበ የልማት ሠራተኛ ብቻ ነው።',
  da_pending: 'የልማት ሠራተኛ ምዝገባዎ ገና አልተረጋገጠም።',
  da_rejected: 'ምዝገባዎ ውድቅ ተደርጓል። እባክዎ ተቆጣጣሪዎን ያነጋግሩ።',
  not_manager: 'ይህን ማድረግ የሚችሉት በድርጅትዎ የተሾሙ የማሳወቂያ አስተዳዳሪዎች ብቻ ናቸው።',
  out_of_area: 'ይህ ከእርስዎ የሥራ ክልል ውጭ ነው።',
  not_yourself: 'መሥራት የሚችሉት በራስዎ ስም ብቻ ነው።',
  link_scope: 'ይህ ሊንክ ይህን ተግባር አይፈቅድም። እባክዎ ገጹን ከቦቱ እንደገና ይክፈቱ።',
  not_your_phone: 'መፈለግ የሚችሉት የራስዎን ስልክ ቁጥር ብቻ ነው።',
  telegram_phone_not_verified: 'ለቦቱ ያጋሩት የቴሌግራም መለያዎ ስልክ ቁጥር መሆን አለበት።',
  target_outside_area: 'ማሳወቂያ መላክ የሚችሉት ለራስዎ ክልል ብቻ ነው።',
  national_needs_grant: 'ለሁሉም አካባቢዎች መላክ የሚችለው የሀገር አቀፍ የማሳወቂያ አስተዳዳሪ ብቻ ነው።',
  send_now_quota: 'ባለፉት 24 ሰዓታት {max} አስቸኳይ ማሳወቂያዎችን ልከዋል፤ ይህ የተፈቀደው ከፍተኛ ነው። እባክዎ ቆይተው ይሞክሩ።',
  status_operator_only: 'የማረጋገጫ ሁኔታን መቀየር የሚችለው ኦፕሬተር ብቻ ነው።',
  verify_rule: 'ሊረጋገጡ የሚችሉት ለቦቱ ያጋሩት የቴሌግራም ስልክ ቁጥር ያለው የልማት ሠራተኛ ከሆኑ ብቻ ነው።',
  phone_from_contact_only: 'ስልክ ቁጥርዎ የሚወሰደው ለቦቱ ከሚያጋሩት አድራሻ ብቻ ነው።',
  one_of_required: 'ከሚከተሉት አንዱን ይስጡ፦ {fields}።',
  not_found: 'አልተገኘም።',
  invalid_page: 'ልክ ያልሆነ ገጽ።',
  too_large: 'የጥያቄው መጠን በጣም ትልቅ ነው።',
  unsupported_media: 'ያልተደገፈ የመረጃ አይነት "{type}"።',
  server_error: 'የአገልጋይ ስህተት ተከስቷል።',
  unavailable: 'አገልግሎቱ ለአጭር ጊዜ አይገኝም። ከ{seconds} በኋላ እንደገና ይሞክሩ።',
  rate_limited: 'በአጭር ጊዜ ውስጥ በጣም ብዙ ለውጦች ተልከዋል። ከ{seconds} በኋላ እንደገና ይሞክሩ።',
  idempotency_key_invalid: 'Idempotency-Key ከ1 እስከ 100 የሚታተሙ ፊደላት መሆን አለበት።',
  idempotency_key_reused: 'ይህ Idempotency-Key ቀደም ሲል ለሌላ ጥያቄ ጥቅም ላይ ውሏል።',
  idempotency_key_in_progress: 'በዚህ Idempotency-Key የቀረበው ጥያቄ ገና በሂደት ላይ ነው። ቆይተው እንደገና ይሞክሩ።',
};

const texts: Record<Lang, Record<MessageKey, string>> = { en, am };

export type MessageVars = Record<string, string | number>;

/**
 * A payload field named inside a message (`{field}`), as the user reads it: DRF's wording in
 * English ("phone number"), the word itself in Amharic (not the English column name).
 */
const AM_FIELD_NAMES: Record<string, string> = {
  phone_number: 'ስልክ ቁጥር',
  telegram_phone_number: 'የቴሌግራም ስልክ ቁጥር',
  created_by: 'ተጠቃሚ',
  telegram_id: 'የቴሌግራም መለያ',
};
const fieldName = (lang: Lang, field: string) =>
  (lang === 'am' && AM_FIELD_NAMES[field]) || field.replaceAll('_', ' ');

/** `{seconds}` with its noun in the count's plural form (Intl.PluralRules): "1 second", "5 seconds". */
const SECONDS: Record<Lang, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  en: { one: 'second', other: 'seconds' },
  am: { other: 'ሰከንድ' },
};
const pluralRules = { en: new Intl.PluralRules('en'), am: new Intl.PluralRules('am') };
function secondsPhrase(lang: Lang, value: string | number): string {
  const n = Number(value);
  const words = SECONDS[lang];
  return `${value} ${words[pluralRules[lang].select(n)] ?? words.other}`;
}

export function message(lang: Lang, key: MessageKey, vars?: MessageVars): string {
  if (key in SHARED) return translate(lang, SHARED[key as keyof typeof SHARED]);
  const text = texts[lang][key] ?? en[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (m, k: string) => {
    if (!(k in vars)) return m;
    if (k === 'field') return fieldName(lang, String(vars[k]));
    return k === 'seconds' ? secondsPhrase(lang, vars[k] ?? '') : String(vars[k]);
  });
}

export function isMessageKey(s: string): s is MessageKey {
  return Object.hasOwn(en, s);
}

// Clients send the same few headers over and over; parse each once (bounded).
const picked = new Map<string, Lang>();

/** First of en/am the client accepts (by q), en when it names neither. */
export function pickLanguage(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  const known = picked.get(value);
  if (known) return known;
  const lang = parseAcceptLanguage(value);
  if (picked.size >= 1000) picked.clear();
  picked.set(value, lang);
  return lang;
}

function parseAcceptLanguage(value: string): Lang {
  let best: { lang: Lang; q: number } | null = null;
  for (const part of value.split(',')) {
    const [tag = '', ...opts] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (primary !== 'en' && primary !== 'am') continue;
    const qOpt = opts.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOpt ? Number(qOpt.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}
