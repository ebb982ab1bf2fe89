/** Home menu (route `/`): a button for every screen. */
export const home = {
  title: 'Gebere',
  subtitle: 'Agricultural extension tools for development agents',
  hint: 'Most screens need details from the bot. If a screen says something is missing, open it from the bot menu.',
  menu: {
    register_farmer: 'Register farmer',
    add_development_group: 'Add Development Group',
    record_reach: 'Record Reach',
    record_adoption: 'Record Adoption',
    feedback: 'Give feedback',
    notifications: 'Notifications',
    create_notification: 'Create notification',
    da_registration: 'DA registration',
    update_profile: 'Update profile',
    report_user_registration: 'Report user registration',
    report_user_update: 'Update report user',
  },
} as const;
