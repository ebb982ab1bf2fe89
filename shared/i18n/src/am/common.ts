import type { common as en } from '../en/common';
import type { Shape } from '../types';

// Buttons use the short imperative software convention (መዝግብ, ሰርዝ); sentences use the polite form.
export const common: Shape<typeof en> = {
  app_name: 'ገበሬ',
  loading: 'በመጫን ላይ…',
  select_placeholder: 'ይምረጡ…',
  phone_placeholder: '09XXXXXXXX',
  register: 'መዝግብ',
  submit: 'አስገባ',
  update: 'አዘምን',
  add: 'ጨምር',
  select: 'ምረጥ',
  record_adoption: 'ተቀባይነት መዝግብ',
  record_reach: 'ተደራሽነት መዝግብ',
  add_development_group: 'የልማት ቡድን ጨምር',
  remove: 'አስወግድ',
  cancel: 'ሰርዝ',
  close: 'ዝጋ',
  back: 'ተመለስ',
  continue: 'ቀጥል',
  try_again: 'እንደገና ሞክር',
  retry: 'እንደገና ሞክር',
  yes: 'አዎ',
  no: 'አይ',
  all: 'ሁሉም',
  select_all: 'ሁሉንም ምረጥ',
  clear_selection: 'ምርጫውን አጽዳ',
  saving: 'በማስቀመጥ ላይ…',
  gender: {
    male: 'ወንድ',
    female: 'ሴት',
  },
  location: {
    region: 'ክልል',
    zone: 'ዞን',
    woreda: 'ወረዳ',
    kebele: 'ቀበሌ',
  },
  no_options: 'የሚመረጥ ነገር የለም',
};
