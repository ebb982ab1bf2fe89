import type { errors as en } from '../en/errors';
import type { Shape } from '../types';

export const errors: Shape<typeof en> = {
  network_error: 'የኔትወርክ ስህተት',
  timeout: 'የጥያቄው የጊዜ ገደብ አልፏል',
  request_aborted: 'ጥያቄው ተቋርጧል',
  request_failed: 'ጥያቄው አልተሳካም (የሁኔታ ኮድ {{status}})',
  unauthorized: 'ማንነትዎን ማረጋገጥ አልቻልንም። እባክዎ ይህን ገጽ ከቦቱ እንደገና ይክፈቱ።',
  forbidden: 'ይህን ለማድረግ ፈቃድ የለዎትም።',
  not_found: 'አልተገኘም',
  unknown: 'ችግር ተፈጥሯል። እባክዎ እንደገና ይሞክሩ።',
  error_sending_message_to_bot: 'ወደ ቦቱ መልዕክት በመላክ ላይ ስህተት ተፈጥሯል፤ እባክዎ እንደገና ይሞክሩ',
  not_confirmed_kept:
    'ግንኙነት የለም፤ መቀመጡን ማረጋገጥ አልቻልንም። ያስገቡት መረጃ እዚሁ ተጠብቋል። ኔትወርክ ሲኖር “{{button}}”ን እንደገና ይጫኑ፤ ሁለት ጊዜ አይመዘገብም።',
  link_expired: 'ይህ ሊንክ ጊዜው አልፎበታል። እባክዎ ከቦቱ እንደገና ይክፈቱት።',
  link_invalid: 'ይህ ሊንክ ትክክል አይደለም። እባክዎ ከቦቱ እንደገና ይክፈቱት።',
  proof_missing: 'እባክዎ ይህን ገጽ በቴሌግራም ከገበሬ ቦት ይክፈቱ።',
  missing_parameters: 'ይህ ሊንክ አንዳንድ መረጃዎች ይጎድሉታል። እባክዎ ከቦቱ እንደገና ይክፈቱት።',
};
