/** Form validation messages (spec §5, §8 "Validation keys"); keys are the spec's own. */
export const validation = {
  required: 'Required',
  phone_number_validation: 'Phone number must start with 09 or 07 and have 10 digits',
  telegram_phone_number_validation: 'Telegram phone number must start with 09 or 07 and have 10 digits',
  please_select_atleast_one_farmer: 'Please select atleast one farmer',
  please_select_atleast_one_advisory: 'Please select atleast one advisory',
  please_select_atleast_one_question: 'Please select atleast 1 question to give your feedback',
  interval_number: 'Interval must be a whole number of 1 or more',
  too_long_one: 'Must be at most {{count}} character',
  too_long_other: 'Must be at most {{count}} characters',
  text_nul: 'Must not contain a NUL character (\\u0000)',
  text_surrogate: 'Contains a broken character (a lone UTF-16 surrogate); type it again',
  text_bidi: 'Must not contain invisible text-direction characters (such as U+202E)',
} as const;
