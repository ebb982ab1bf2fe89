import type { reportUser as en } from '../en/report-user';
import type { Shape } from '../types';

export const reportUser: Shape<typeof en> = {
  title_registration: 'የሪፖርት ተጠቃሚ ምዝገባ',
  title_update: 'የሪፖርት ተጠቃሚ መረጃ ማዘመን',
  fields: {
    name: 'ሙሉ ስም',
    phone_no: 'ስልክ ቁጥር',
    gender: 'ጾታ',
    region: 'ክልል',
    zone: 'ዞን',
    woreda: 'ወረዳ',
  },
  error_registering_report_user: 'የሪፖርት ተጠቃሚውን በመመዝገብ ላይ ስህተት ተፈጥሯል፤ እባክዎ ቅጹን አረጋግጠው እንደገና ይሞክሩ።',
  error_updating_report_user: 'የሪፖርት ተጠቃሚውን መረጃ በማዘመን ላይ ስህተት ተፈጥሯል፤ እባክዎ ቅጹን አረጋግጠው እንደገና ይሞክሩ።',
  report_user_registered_successfully: 'የሪፖርት ተጠቃሚው በተሳካ ሁኔታ ተመዝግቧል።',
  report_user_updated_successfully: 'የሪፖርት ተጠቃሚው መረጃ በተሳካ ሁኔታ ተዘምኗል።',
};
