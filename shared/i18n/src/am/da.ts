import type { da as en } from '../en/da';
import type { Shape } from '../types';

// DA = የልማት ሰራተኛ (the extension term DAs use for themselves).
export const da: Shape<typeof en> = {
  title_registration: 'የልማት ሰራተኛ ምዝገባ',
  title_update: 'መገለጫ ማዘመን',
  fields: {
    first_name: 'ስም',
    father_name: 'የአባት ስም',
    grand_father_name: 'የአያት ስም',
    phone_number: 'ስልክ ቁጥር',
    telegram_phone_number: 'የቴሌግራም ስልክ ቁጥር',
    gender: 'ጾታ',
    region: 'ክልል',
    zone: 'ዞን',
    woreda: 'ወረዳ',
    kebele: 'ቀበሌ',
    role: 'የሥራ ድርሻ',
  },
  error_registering_da: 'የልማት ሰራተኛውን በመመዝገብ ላይ ስህተት ተፈጥሯል፤ እባክዎ ቅጹን አረጋግጠው እንደገና ይሞክሩ።',
  error_updating_da: 'የልማት ሰራተኛውን መረጃ በማዘመን ላይ ስህተት ተፈጥሯል፤ እባክዎ ቅጹን አረጋግጠው እንደገና ይሞክሩ።',
  registration_successful: 'ምዝገባው ተሳክቷል!',
  update_successful: 'መገለጫዎ በተሳካ ሁኔታ ተዘምኗል!',
  loading_profile: 'መገለጫዎን በመጫን ላይ…',
  profile_not_found: 'በዚህ ስልክ ቁጥር የተመዘገበ የልማት ሰራተኛ መገለጫ አልተገኘም። እባክዎ መጀመሪያ ይመዝገቡ።',
};
