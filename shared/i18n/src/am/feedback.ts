import type { feedback as en } from '../en/feedback';
import type { Shape } from '../types';

export const feedback: Shape<typeof en> = {
  title: 'ግብረ መልስ',
  advisory: 'ምክር',
  loading_questions: 'ጥያቄዎችን በመጫን ላይ…',
  detail: 'ዝርዝር',
  detail_placeholder: 'መልስዎን እዚህ ይጻፉ',
  choose_single: 'አንዱን ይምረጡ',
  choose_multiple: 'የሚመለከታቸውን ሁሉ ይምረጡ',
  submit: 'አስገባ',
  try_again: 'እንደገና ሞክር',
  rating: {
    label: 'ደረጃ',
    value: '{{value}} ከ5 ኮከቦች',
    star_1: 'በጣም ደካማ',
    star_2: 'ደካማ',
    star_3: 'መካከለኛ',
    star_4: 'ጥሩ',
    star_5: 'በጣም ጥሩ',
  },
  feedback_sent_successfully: 'ግብረ መልሱ በተሳካ ሁኔታ ተልኳል',
  error_adding_feedback: 'ግብረ መልሱን በመላክ ላይ ስህተት ተፈጥሯል፤ እባክዎ እንደገና ይሞክሩ።',
  advisory_not_found: 'ምክሩ አልተገኘም',
  error_fetching_questions: 'ጥያቄዎቹን በማምጣት ላይ ስህተት ተፈጥሯል',
  feedback_question_not_found: 'ለዚህ ምክር የግብረ መልስ ጥያቄ አልተገኘም',
};
