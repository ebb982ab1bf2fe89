/**
 * The companion bot's texts. Result summaries (`results.*`) follow the hand-back kinds of
 * `@gebere/contract` (results.ts): the webapp sends typed facts, the bot words them here.
 */
export const bot = {
  welcome_new:
    'Welcome to Gebere! 🌱\nI help development agents register farmers and development groups, record which advisories reached farmers and who adopted them, and collect feedback on advisories.',
  ask_contact: 'To find your profile, please share your phone number with the button below.',
  share_contact_button: 'Share my phone number',
  share_own_contact: 'Please share your own contact',
  phone_not_valid:
    'This phone number is not a valid Ethiopian mobile number. It must start with 09 or 07 (or +2519 / +2517).',
  looking_up: 'Looking up your profile…',
  welcome_back: 'Welcome back, {{name}}!',
  not_registered: 'You are not registered yet. Tap the button below to register as a development agent.',
  register_da_button: 'Register as DA',
  report_user_prompt: 'Are you a report user? Use the buttons below.',
  register_report_user_button: 'Register as report user',
  update_report_user_button: 'Update report user profile',
  verified: 'You are verified. Choose what to do from the menu.',
  registration_required: 'Please register as a development agent first. Send /start to begin.',
  rejected: 'Your registration was rejected. Please contact your supervisor.',
  menu_prompt: 'Choose what to do from the menu.',
  menu: {
    register_farmer: 'Register farmer',
    add_group: 'Add Development Group',
    record_reach: 'Record Reach',
    record_adoption: 'Record Adoption',
    notifications: 'Notifications',
    create_notification: 'Create notification',
    update_profile: 'Update profile',
    language: 'Language',
    help: 'Help',
  },
  // setMyCommands descriptions, one set per language_code.
  commands: {
    start: 'Start Gebere and check your registration',
    menu: 'Show the main menu',
    register_farmer: 'Register a farmer',
    add_group: 'Add a development group',
    reach: 'Record advisory reach',
    adoption: 'Record advisory adoption',
    notifications: 'Your notifications',
    profile: 'Update your profile',
    language: 'Change the language',
    help: 'How to use Gebere',
  },
  language: {
    choose: 'Choose your language',
    // Each language is named in itself, so every resource carries the same button labels.
    english: 'English',
    amharic: 'አማርኛ',
    oromo: 'Afaan Oromoo',
    set: 'Language set to English',
  },
  groups: {
    select: 'Select the development groups, then press Continue',
    continue: 'Continue',
    select_required: 'Select at least one development group',
    none: 'You have no development groups yet. Add one first.',
  },
  open_form: 'Tap the button below to open the form',
  open_form_button: 'Open form',
  results: {
    farmer_registered: '✅ Farmer {{name}} registered in group {{group}}.',
    group_added: '✅ Development group {{name}} added.',
    da_registered: '✅ Registration successful. Welcome, {{name}}!',
    da_updated: '✅ {{name}}, your profile was updated.',
    report_user_registered: '✅ Report user {{name}} registered.',
    report_user_updated: '✅ Report user {{name}} updated.',
    // {{farmers}}, {{advisories}}, {{recorded}}, {{failed}}: the counted phrases below (each
    // with its plural; `failed` carries its verb, which agrees with the count in Amharic).
    reach_recorded: '✅ Reach recorded: {{farmers}} × {{advisories}} ({{recorded}}).',
    reach_recorded_some_failed: '⚠️ Reach recorded: {{farmers}} × {{advisories}} ({{recorded}}, {{failed}}).',
    adoption_recorded: '✅ Adoption recorded: {{farmers}} × {{advisories}} ({{recorded}}).',
    adoption_recorded_some_failed:
      '⚠️ Adoption recorded: {{farmers}} × {{advisories}} ({{recorded}}, {{failed}}).',
    farmers_one: '{{count}} farmer',
    farmers_other: '{{count}} farmers',
    advisories_one: '{{count}} advisory',
    advisories_other: '{{count}} advisories',
    records_one: '{{count}} record',
    records_other: '{{count}} records',
    failed_one: '{{count}} failed',
    failed_other: '{{count}} failed',
    // Under a reach/adoption receipt: records that got no answer, apart from the failed ones.
    records_unconfirmed_one:
      '❔ {{count}} record could not be confirmed (no connection): it may already be saved. Record it again to be sure; it will not be recorded twice.',
    records_unconfirmed_other:
      '❔ {{count}} records could not be confirmed (no connection): they may already be saved. Record them again to be sure; nothing will be recorded twice.',
    feedback_sent: '✅ Thank you! Your feedback was sent.',
    notification_created: '✅ Notification "{{name}}" created.',
    notification_updated: '✅ Notification "{{name}}" updated.',
    notification_removed: '🗑️ Notification "{{name}}" removed.',
  },
  invalid_result: 'Sorry, I could not read what the form sent. Please try again.',
  backend_down: 'The service is not reachable right now. Please try again in a few minutes.',
  error_generic: 'Something went wrong. Please try again.',
  // Sent before `help` when a message is not a command or a button.
  unknown_message: 'Sorry, I did not understand that.',
  help: 'Gebere helps you with agricultural extension work.\n\n/menu – show the main menu\n/register_farmer – register a farmer\n/add_group – add a development group\n/reach – record which farmers an advisory reached\n/adoption – record which farmers adopted an advisory\n/notifications – see and change your notifications\n/profile – update your profile\n/language – change the language\n\nEvery form opens inside Telegram. When you finish, I send you a summary here.',
  link_expired: 'This link has expired. Send /menu to get a new one.',
  advisory: {
    new: 'New advisory: {{title}}',
    // The heading of an advisory without a title of its own: its text follows.
    new_untitled: 'New advisory',
    give_feedback: 'Give feedback',
  },
  // Buttons under a location notification, by its content_type.
  delivery: {
    record_reach: 'Record Reach',
    record_adoption: 'Record Adoption',
    register_farmer: 'Register farmer',
  },
} as const;
