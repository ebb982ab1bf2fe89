import type { da as en } from '../en/da';
import type { Shape } from '../types';

export const da: Shape<typeof en> = {
  title_registration: 'Galmee hojjetaa misoomaa',
  title_update: 'Piroofaayilii haaromsi',
  fields: {
    first_name: 'Maqaa',
    father_name: 'Maqaa abbaa',
    grand_father_name: 'Maqaa akaakayyuu',
    phone_number: 'Lakkoofsa bilbilaa',
    telegram_phone_number: 'Lakkoofsa bilbila Telegram',
    gender: 'Saala',
    region: 'Naannoo',
    zone: 'Godina',
    woreda: 'Aanaa',
    kebele: 'Ganda',
    role: 'Gahee hojii',
  },
  error_registering_da:
    "Dogoggora hojjetaa misoomaa galmeessuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  error_updating_da:
    "Dogoggora hojjetaa misoomaa haaromsuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  registration_successful: "Galmeen milkaa'eera!",
  update_successful: "Piroofaayiliin milkaa'inaan haaromfameera!",
  loading_profile: "Piroofaayilii keessan fe'aa jira…",
  profile_not_found:
    "Lakkoofsa bilbilaa kanaaf piroofaayiliin hojjetaa misoomaa hin argamne. Maaloo dura galmaa'aa.",
};
