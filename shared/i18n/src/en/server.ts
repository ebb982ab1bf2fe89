/**
 * The server's answers (400 field messages and `detail`s). They follow Django REST Framework's
 * wording; the validation messages the forms share (`validation.required`, the phone and text
 * rules) are the `validation` namespace's, so forms and server say the same words.
 */
export const server = {
  not_null: 'This field may not be null.',
  whole_number: 'Enter a whole number.',
  number: 'A valid number is required.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  object: 'Invalid data. Expected a dictionary, but got {{type}}.',
  list: 'Expected a list of items but got type "{{type}}".',
  choice: 'Select a valid choice. {{value}} is not one of the available choices.',
  // {{characters}}, {{elements}}, {{levels}}, {{notifications}}: counted phrases (`parts` below).
  max_length: 'Ensure this field has no more than {{characters}}.',
  min_length: 'Ensure this field has at least {{characters}}.',
  min_value: 'Ensure this value is greater than or equal to {{min}}.',
  max_value: 'Ensure this value is less than or equal to {{max}}.',
  list_empty: 'This list may not be empty.',
  list_min: 'Ensure this field has at least {{elements}}.',
  list_max: 'Ensure this field has no more than {{elements}}.',
  unknown_field: 'This field is not allowed.',
  invalid: 'Invalid value.',
  invalid_pk: 'Invalid pk "{{value}}" - object does not exist.',
  unique: 'A record with this {{field}} already exists.',
  not_with_send_now: 'Must be empty when send_now is true.',
  not_with_all: 'Must be empty when location_type is all.',
  not_in_parent: 'This {{child}} is not in the selected {{parent}}.',
  group_not_in_kebele: 'This development group is not in the selected kebele.',
  path_mismatch: 'Does not match the id in the URL.',
  question_mismatch: 'response.question_id must equal feedback_question',
  answer_type: 'This answer does not fit a {{type}} question.',
  choice_not_of_question: 'Choice {{value}} is not an option of this question.',
  verified_needs_da: 'Only a registered development agent can be VERIFIED.',
  location_mismatch: 'Does not match location_id.',
  json_parse: 'JSON parse error - {{error}}',
  json_too_deep: 'JSON parse error - nested deeper than {{levels}}.',
  // Imports (gebere import): a row's reference, key or date.
  unknown_ref: 'Not found: "{{value}}". Import the file that defines it first, or correct it.',
  duplicate_row: 'The same {{columns}} as row {{row}}: each record may appear once.',
  date: 'Enter a date such as 2025-06-02 or a time such as 2025-06-02T07:30:00Z.',
  // details (401/403/404/413/415/429/500)
  not_authenticated: 'Authentication credentials were not provided.',
  invalid_proof: 'Invalid or expired proof. Please open this screen again from the bot.',
  forbidden: 'You do not have permission to perform this action.',
  // Authorization (docs/authorization.md): why a proven caller may not do this.
  unknown_user: 'Open the bot in Telegram and press Start first.',
  phone_not_shared: 'Share your phone number with the bot first (the button in the chat).',
  not_a_da: 'Only a registered development agent can do this.',
  da_pending: 'Your development agent registration is not verified yet.',
  da_rejected: 'Your registration was rejected. Please contact your supervisor.',
  not_manager: 'Only notification managers appointed by your organisation can do this.',
  out_of_area: 'This is outside your area.',
  not_yourself: 'You can act only as yourself.',
  link_scope: 'This link does not allow this action. Please open the screen again from the bot.',
  not_your_phone: 'You can look up only your own phone number.',
  telegram_phone_not_verified:
    'Must be the phone number of your Telegram account, the one you shared with the bot.',
  target_outside_area: 'You can send notifications only to your own area.',
  national_needs_grant: 'Only a national notification manager can send to all areas.',
  send_now_quota:
    'You have sent {{notifications}} in the last 24 hours, the most allowed. Please try again later.',
  status_operator_only: 'Only an operator can change a verification status.',
  verify_rule:
    'You can be verified only as the development agent whose Telegram phone number you shared with the bot.',
  phone_from_contact_only: 'Your phone number comes only from the contact you share with the bot.',
  one_of_required: 'Give one of: {{fields}}.',
  not_found: 'Not found.',
  invalid_page: 'Invalid page.',
  too_large: 'Request body is too large.',
  unsupported_media: 'Unsupported media type "{{type}}" in request.',
  server_error: 'A server error occurred.',
  // {{seconds}}: a count with its noun, singular or plural (`seconds` below).
  unavailable: 'The service is briefly unavailable. Try again in {{seconds}}.',
  rate_limited: 'Too many changes in a short time. Try again in {{seconds}}.',
  idempotency_key_invalid: 'Idempotency-Key must be 1 to 100 printable characters.',
  idempotency_key_reused: 'Idempotency-Key was already used with a different request.',
  idempotency_key_in_progress: 'A request with this Idempotency-Key is still being processed. Retry later.',
  /** What fills the placeholders above. */
  parts: {
    // Each count with its noun, in the count's plural form (bot/src/backend/serving/messages.ts).
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    characters_one: '{{count}} character',
    characters_other: '{{count}} characters',
    elements_one: '{{count}} element',
    elements_other: '{{count}} elements',
    levels_one: '{{count}} level',
    levels_other: '{{count}} levels',
    notifications_one: '{{count}} immediate notification',
    notifications_other: '{{count}} immediate notifications',
    /**
     * A payload field named inside a message ({{field}}), as the user reads it. A field not
     * listed here is named by its column, underscores as spaces ("phone number").
     */
    fields: {
      phone_number: 'phone number',
      telegram_phone_number: 'telegram phone number',
      created_by: 'created by',
      telegram_id: 'telegram id',
    },
  },
} as const;
