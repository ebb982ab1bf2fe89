import type { feedback as en } from '../en/feedback';
import type { Shape } from '../types';

export const feedback: Shape<typeof en> = {
  title: 'Yaada',
  advisory: 'Gorsa',
  loading_questions: "Gaaffiiwwan fe'aa jira…",
  detail: 'Ibsa',
  detail_placeholder: 'Deebii keessan asitti barreessaa',
  choose_single: 'Tokko filadhu',
  choose_multiple: 'Kan ilaallatan hunda filadhu',
  submit: 'Ergi',
  try_again: "Irra deebi'ii yaali",
  rating: {
    label: 'Sadarkaa',
    value: 'Urjii 5 keessaa {{value}}',
    star_1: "Baay'ee gadi aanaa",
    star_2: 'Gadi aanaa',
    star_3: 'Giddugaleessa',
    star_4: 'Gaarii',
    star_5: "Baay'ee gaarii",
  },
  feedback_sent_successfully: "Yaadni milkaa'inaan ergameera",
  error_adding_feedback: "Dogoggora yaada dabaluu irratti, maaloo irra deebi'aa yaalaa.",
  advisory_not_found: 'Gorsi hin argamne',
  error_fetching_questions: 'Dogoggora gaaffiiwwan fiduu irratti',
  feedback_question_not_found: 'Gorsa kanaaf gaaffiin yaadaa hin argamne',
};
