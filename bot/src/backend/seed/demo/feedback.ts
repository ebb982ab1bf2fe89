import type { DemoChoice, DemoFeedbackQuestion } from './types';

const choice = (name: string, name_am: string): DemoChoice => ({ name, name_am });

// The same rating question on several advisories, as field staff usually ask it.
const usefulness = (ref: string, advisory: string): DemoFeedbackQuestion => ({
  ref,
  advisory,
  question: 'How useful was this advisory?',
  question_am: 'ይህ ምክር ምን ያህል ጠቃሚ ነበር?',
  type: 'RATING',
  choices: [],
});

/** Feedback questions of all four types; most advisories have none, so that state shows too. */
export const DEMO_FEEDBACK_QUESTIONS: DemoFeedbackQuestion[] = [
  {
    ref: 'fq-teff-rows-adopted',
    advisory: 'adv-teff-seed-rate-amhara-2025',
    question: 'Did you plant teff in rows this season?',
    question_am: 'በዚህ ወቅት ጤፍ በመስመር ዘርተዋል?',
    type: 'SELECT_ONE',
    choices: [
      choice('Yes, on all my teff land', 'አዎ፣ በሙሉ የጤፍ ማሳዬ'),
      choice('Yes, on part of it', 'አዎ፣ በከፊል'),
      choice('No', 'አልዘራሁም'),
    ],
  },
  {
    ref: 'fq-teff-rows-barriers',
    advisory: 'adv-teff-seed-rate-amhara-2025',
    question: 'What made row planting hard?',
    question_am: 'በመስመር መዝራትን ምን አስቸገረዎት?',
    type: 'SELECT_MULTIPLE',
    choices: [
      choice('Not enough labour', 'የጉልበት እጥረት'),
      choice('No improved seed', 'የምርጥ ዘር እጥረት'),
      choice('Not enough training', 'በቂ ስልጠና አለማግኘት'),
      choice('Rain came late', 'የዝናብ መዘግየት'),
    ],
  },
  usefulness('fq-teff-rows-rating', 'adv-teff-seed-rate-amhara-2025'),
  {
    ref: 'fq-teff-rows-comment',
    advisory: 'adv-teff-seed-rate-amhara-2025',
    question: 'What else would you like to know about teff?',
    question_am: 'ስለ ጤፍ ሌላ ምን ማወቅ ይፈልጋሉ?',
    type: 'TEXT',
    choices: [],
  },
  {
    ref: 'fq-milk-test',
    advisory: 'adv-dairy-udder-yerer-selase-2',
    question: 'Did your milk pass the collection centre test?',
    question_am: 'ወተትዎ የመሰብሰቢያ ማዕከሉን ፍተሻ አልፏል?',
    type: 'SELECT_ONE',
    choices: [choice('Yes', 'አዎ'), choice('No', 'አላለፈም'), choice('Not tested yet', 'ገና አልተፈተሸም')],
  },
  usefulness('fq-milk-rating', 'adv-dairy-udder-yerer-selase-2'),
  {
    ref: 'fq-coffee-practices',
    advisory: 'adv-coffee-red-cherry-dale-2025',
    question: 'Which of these did you do this harvest?',
    question_am: 'በዚህ የምርት ወቅት ከእነዚህ የትኞቹን አደረጉ?',
    type: 'SELECT_MULTIPLE',
    choices: [
      choice('Picked only red cherries', 'ቀዩን ፍሬ ብቻ ለቀምኩ'),
      choice('Sorted out green cherries', 'አረንጓዴውን ፍሬ ለየሁ'),
      choice('Delivered the same day', 'በዚያው ቀን አስረከብኩ'),
    ],
  },
  {
    ref: 'fq-coffee-price',
    advisory: 'adv-coffee-red-cherry-dale-2025',
    question: 'What price per kg did the washing station pay?',
    question_am: 'የእሸት ማጠቢያ ጣቢያው በኪሎ ስንት ከፈለ?',
    type: 'TEXT',
    choices: [],
  },
  {
    ref: 'fq-hives-count',
    advisory: 'adv-api-transitional-atsbi',
    question: 'How many transitional hives do you have?',
    question_am: 'ስንት የሽግግር ቀፎ አለዎት?',
    type: 'SELECT_ONE',
    choices: [choice('None', 'የለኝም'), choice('1–2', '1–2 ቀፎ'), choice('3 or more', '3 እና ከዚያ በላይ')],
  },
  usefulness('fq-hives-rating', 'adv-api-transitional-atsbi'),
  {
    ref: 'fq-watershed-comment',
    advisory: 'adv-swc-stone-bund-abrha-we-atsbeha',
    question: 'Which part of the catchment did your group repair?',
    question_am: 'ቡድንዎ የትኛውን የተፋሰሱን ክፍል ጠገነ?',
    type: 'TEXT',
    choices: [],
  },
];
