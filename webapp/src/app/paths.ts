/** Every route of spec §2, one definition each (the router and the home menu read these). */
export const paths = {
  home: '/',
  daRegistration: '/da_registration',
  daUpdateProfile: '/da_update_profile',
  feedback: '/feedback',
  farmerRegistration: '/farmer_registration',
  recordReach: '/record_reach',
  recordAdoption: '/record_adoption',
  notificationCreate: '/notification/create',
  notificationUpdate: '/notification/update/:id',
  notificationList: '/notification/list',
  registerReportUser: '/register_report_user',
  addDevelopmentGroup: '/add_development_group',
} as const;

export const notificationUpdatePath = (id: number | string) =>
  `/notification/update/${encodeURIComponent(String(id))}`;
