import type { farmer as en } from '../en/farmer';
import type { Shape } from '../types';

export const farmer: Shape<typeof en> = {
  title: 'የአርሶ አደር ምዝገባ',
  fields: {
    farmer_name: 'የአርሶ አደሩ ስም',
    father_name: 'የአባት ስም',
    grand_father_name: 'የአያት ስም',
    phone_number: 'ስልክ ቁጥር',
    gender: 'ጾታ',
    development_group: 'የልማት ቡድን',
    add_dev_group: 'አዲስ የልማት ቡድን ጨምር',
    group_name: 'የቡድኑ ስም',
    group_type: 'የቡድኑ አይነት',
  },
  loading_groups: 'የልማት ቡድኖችን በመጫን ላይ…',
  no_groups: 'በዚህ ቀበሌ እስካሁን የልማት ቡድን የለም። አዲስ ይጨምሩ።',
  error_loading_groups: 'የልማት ቡድኖቹን መጫን አልተቻለም። እባክዎ እንደገና ይሞክሩ።',
  error_registering_farmer: 'አርሶ አደሩን በመመዝገብ ላይ ስህተት ተፈጥሯል፤ እባክዎ እንደገና ይሞክሩ።',
  farmer_registered_successfully: 'አርሶ አደሩ በተሳካ ሁኔታ ተመዝግቧል።',
};
