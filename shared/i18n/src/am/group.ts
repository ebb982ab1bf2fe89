import type { group as en } from '../en/group';
import type { Shape } from '../types';

export const group: Shape<typeof en> = {
  title: 'የልማት ቡድን መጨመር',
  fields: {
    group_name: 'የቡድኑ ስም',
    group_type: 'የቡድኑ አይነት',
  },
  types: {
    men_only: 'ወንዶች ብቻ',
    women_only: 'ሴቶች ብቻ',
    mixed: 'ድብልቅ (ወንዶችና ሴቶች)',
  },
  error_adding_development_group: 'የልማት ቡድኑን በመጨመር ላይ ስህተት ተፈጥሯል',
  development_group_added_successfully: 'የልማት ቡድኑ በተሳካ ሁኔታ ተጨምሯል።',
};
