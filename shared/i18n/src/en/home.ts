/** Home hub (route `/`, the chat's menu button): the screens this user may use. */
export const home = {
  title: 'Gebere',
  subtitle: 'Agricultural extension tools for development agents',
  menu: {
    register_farmer: 'Register farmer',
    add_development_group: 'Add Development Group',
    record_reach: 'Record Reach',
    record_adoption: 'Record Adoption',
    notifications: 'Notifications',
    create_notification: 'Create notification',
    da_registration: 'DA registration',
    update_profile: 'Update profile',
    report_user_registration: 'Report user registration',
    report_user_update: 'Update report user',
  },
  greeting: 'Hello, {{name}}',
  rejected: 'Your registration was rejected. Please contact your supervisor.',
  share_contact:
    'To use Gebere, go back to the chat with the bot, send /start and share your phone number with the button there.',
  back_to_chat: 'Back to the chat',
  groups: {
    title: 'Select the development groups, then press Continue',
    continue: 'Continue',
    select_required: 'Select at least one development group',
    none: 'You have no development groups yet. Add one first.',
  },
} as const;
