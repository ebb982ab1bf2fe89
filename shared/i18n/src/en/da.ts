/** DA registration and update-profile screens (spec §2, §3 "DA form"). */
export const da = {
  title_registration: 'DA registration',
  title_update: 'Update profile',
  fields: {
    first_name: 'First name',
    father_name: "Father's name",
    grand_father_name: "Grandfather's name",
    phone_number: 'Phone number',
    telegram_phone_number: 'Telegram phone number',
    gender: 'Gender',
    region: 'Region',
    zone: 'Zone',
    woreda: 'Woreda',
    kebele: 'Kebele',
    role: 'Role',
  },
  error_registering_da: 'Error registering DA, please check the form try again.',
  error_updating_da: 'Error updating DA, please check the form try again.',
  registration_successful: 'Registration Successful!',
  update_successful: 'Profile updated successfully!',
  loading_profile: 'Loading your profile…',
  // Update mode, and no DA profile has the phone number of the link.
  profile_not_found: 'No DA profile was found for this phone number. Please register first.',
} as const;
