import type { home as en } from '../en/home';
import type { Shape } from '../types';

export const home: Shape<typeof en> = {
  title: 'ገበሬ',
  subtitle: 'ለልማት ሰራተኞች የግብርና ኤክስቴንሽን መሳሪያዎች',
  menu: {
    register_farmer: 'አርሶ አደር መዝግብ',
    add_development_group: 'የልማት ቡድን ጨምር',
    record_reach: 'ተደራሽነት መዝግብ',
    record_adoption: 'ተቀባይነት መዝግብ',
    notifications: 'ማሳወቂያዎች',
    create_notification: 'ማሳወቂያ ፍጠር',
    da_registration: 'የልማት ሰራተኛ ምዝገባ',
    update_profile: 'መገለጫ አዘምን',
    report_user_registration: 'የሪፖርት ተጠቃሚ ምዝገባ',
    report_user_update: 'የሪፖርት ተጠቃሚ መረጃ አዘምን',
  },
  greeting: 'ሰላም፣ {{name}}',
  rejected: 'ምዝገባዎ ውድቅ ተደርጓል። እባክዎ ተቆጣጣሪዎን ያነጋግሩ።',
  share_contact: 'ገበሬን ለመጠቀም ወደ ቦቱ ውይይት ይመለሱ፣ /start ብለው ይላኩ እና እዚያ ባለው ቁልፍ ስልክ ቁጥርዎን ያጋሩ።',
  back_to_chat: 'ወደ ውይይቱ ተመለስ',
  groups: {
    title: 'የልማት ቡድኖቹን ይምረጡ፣ ከዚያም «ቀጥል» የሚለውን ይጫኑ',
    continue: 'ቀጥል',
    select_required: 'ቢያንስ አንድ የልማት ቡድን ይምረጡ',
    none: 'እስካሁን ምንም የልማት ቡድን የለዎትም። መጀመሪያ አንድ ይጨምሩ።',
  },
};
