import type { reach as en } from '../en/reach';
import type { Shape } from '../types';

// reach = ተደራሽነት, adoption = ተቀባይነት (ተግባራዊ ማድረግ), practice = አሰራር, value chain = የእሴት ሰንሰለት.
export const reach: Shape<typeof en> = {
  title_reach: 'ተደራሽነት መመዝገብ',
  title_adoption: 'ተቀባይነት መመዝገብ',
  reach_titles: {
    farmers: 'ምክሩ የደረሳቸውን አርሶ አደሮች ይምረጡ',
    value_chain_category: 'ለተደራሽነት የእሴት ሰንሰለት ምድብ ይምረጡ',
    value_chain: 'ለተደራሽነት የእሴት ሰንሰለት ይምረጡ',
    practice: 'ለተደራሽነት አሰራር ይምረጡ',
    sub_practice: 'ለተደራሽነት ንዑስ አሰራር ይምረጡ',
    advisory: 'ለተደራሽነት ምክር ይምረጡ',
  },
  adoption_titles: {
    farmers: 'ምክሩን ተግባራዊ ያደረጉ አርሶ አደሮችን ይምረጡ',
    value_chain_category: 'ተቀባይነት ለመመዝገብ የእሴት ሰንሰለት ምድብ ይምረጡ',
    value_chain: 'ተቀባይነት ለመመዝገብ የእሴት ሰንሰለት ይምረጡ',
    practice: 'ተቀባይነት ለመመዝገብ አሰራር ይምረጡ',
    sub_practice: 'ተቀባይነት ለመመዝገብ ንዑስ አሰራር ይምረጡ',
    advisory: 'ተቀባይነት ለመመዝገብ ምክር ይምረጡ',
  },
  categories: {
    plant_science: 'የእፅዋት ሳይንስ',
    animal_science: 'የእንስሳት ሳይንስ',
    natural_resource_management: 'የተፈጥሮ ሀብት አስተዳደር',
  },
  reached_farmers_not_found: 'ለዚህ የልማት ቡድን ምክሩ የደረሳቸው አርሶ አደሮች አልተገኙም',
  farmers_not_found: 'በዚህ የልማት ቡድን ውስጥ አርሶ አደሮች አልተገኙም',
  advisory_not_found: 'ምክሩ አልተገኘም',
  no_groups_selected: 'ምንም የልማት ቡድን አልተመረጠም። እባክዎ ይህን ገጽ ከቦቱ እንደገና ይክፈቱ።',
  loading_farmers: 'አርሶ አደሮችን በመጫን ላይ…',
  selection_summary: '{{farmers}} እና {{advisories}} ተመርጠዋል',
  selected_farmers_one: '{{count}} አርሶ አደር',
  selected_farmers_other: '{{count}} አርሶ አደሮች',
  selected_advisories_one: '{{count}} ምክር',
  selected_advisories_other: '{{count}} ምክሮች',
  progress: 'ከ{{total}} ውስጥ {{done}} በመመዝገብ ላይ…',
  records_failed_one: '{{count}} መዝገብ አልተሳካም።',
  records_failed_other: '{{count}} መዝገቦች አልተሳኩም።',
  retry_failed: 'እንደገና ሞክር',
  records_not_confirmed_one:
    'ከ{{total}} ውስጥ {{recorded}} ተመዝግበዋል። {{count}} መዝገብ መመዝገቡን ማረጋገጥ አልተቻለም (ግንኙነት የለም)፤ ቀድሞ ተመዝግቦ ሊሆን ይችላል። ምርጫዎ ተጠብቋል፤ ኔትወርክ ሲኖር “እንደገና ሞክር”ን ይጫኑ፤ ምንም ሁለት ጊዜ አይመዘገብም።',
  records_not_confirmed_other:
    'ከ{{total}} ውስጥ {{recorded}} ተመዝግበዋል። {{count}} መዝገቦች መመዝገባቸውን ማረጋገጥ አልተቻለም (ግንኙነት የለም)፤ ቀድመው ተመዝግበው ሊሆን ይችላል። ምርጫዎ ተጠብቋል፤ ኔትወርክ ሲኖር “እንደገና ሞክር”ን ይጫኑ፤ ምንም ሁለት ጊዜ አይመዘገብም።',
  reach_recorded_successfully: 'ተደራሽነቱ በተሳካ ሁኔታ ተመዝግቧል።',
  adoption_recorded_successfully: 'ተቀባይነቱ በተሳካ ሁኔታ ተመዝግቧል።',
};
