/** Report user registration and update screens (spec §2, §3 "Report user"). */
export const reportUser = {
  title_registration: 'Report user registration',
  title_update: 'Update report user',
  fields: {
    name: 'Full name',
    phone_no: 'Phone number',
    gender: 'Gender',
    region: 'Region',
    zone: 'Zone',
    woreda: 'Woreda',
  },
  error_registering_report_user: 'Error registering Report User, please check the form and try again.',
  error_updating_report_user: 'Error updating Report User, please check the form and try again.',
  report_user_registered_successfully: 'Report User registered successfully.',
  report_user_updated_successfully: 'Report User updated successfully.',
} as const;
