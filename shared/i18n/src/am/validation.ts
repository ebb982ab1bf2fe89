import type { validation as en } from '../en/validation';
import type { Shape } from '../types';

export const validation: Shape<typeof en> = {
  required: 'ያስፈልጋል',
  phone_number_validation: 'ስልክ ቁጥሩ በ09 ወይም በ07 መጀመርና 10 አሃዝ መሆን አለበት',
  telegram_phone_number_validation: 'የቴሌግራም ስልክ ቁጥሩ በ09 ወይም በ07 መጀመርና 10 አሃዝ መሆን አለበት',
  please_select_atleast_one_farmer: 'እባክዎ ቢያንስ አንድ አርሶ አደር ይምረጡ',
  please_select_atleast_one_advisory: 'እባክዎ ቢያንስ አንድ ምክር ይምረጡ',
  please_select_atleast_one_question: 'ግብረ መልስ ለመስጠት እባክዎ ቢያንስ 1 ጥያቄ ይመልሱ',
  interval_number: 'የጊዜ ልዩነቱ 1 ወይም ከዚያ በላይ የሆነ ሙሉ ቁጥር መሆን አለበት',
  too_long_one: 'ከ{{count}} ፊደል መብለጥ የለበትም',
  too_long_other: 'ከ{{count}} ፊደላት መብለጥ የለበትም',
  text_nul: 'ባዶ (NUL, \\u0000) ምልክት መያዝ የለበትም',
  text_surrogate: 'የተበላሸ ፊደል (ብቸኛ UTF-16 surrogate) ይዟል፤ እንደገና ይጻፉት',
  text_bidi: 'የማይታዩ የጽሑፍ አቅጣጫ ምልክቶችን (ለምሳሌ U+202E) መያዝ የለበትም',
};
