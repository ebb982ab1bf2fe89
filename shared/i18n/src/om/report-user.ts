import type { reportUser as en } from '../en/report-user';
import type { Shape } from '../types';

export const reportUser: Shape<typeof en> = {
  title_registration: 'Galmee fayyadamaa gabaasaa',
  title_update: 'Fayyadamaa gabaasaa haaromsi',
  fields: {
    name: 'Maqaa guutuu',
    phone_no: 'Lakkoofsa bilbilaa',
    gender: 'Saala',
    region: 'Naannoo',
    zone: 'Godina',
    woreda: 'Aanaa',
  },
  error_registering_report_user:
    "Dogoggora fayyadamaa gabaasaa galmeessuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  error_updating_report_user:
    "Dogoggora fayyadamaa gabaasaa haaromsuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  report_user_registered_successfully: "Fayyadamaan gabaasaa milkaa'inaan galmeeffameera.",
  report_user_updated_successfully: "Fayyadamaan gabaasaa milkaa'inaan haaromfameera.",
};
