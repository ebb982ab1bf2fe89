/** Register farmer screen (spec §2 "Register farmer", §3, §5). */
export const farmer = {
  title: 'Register farmer',
  fields: {
    farmer_name: 'Farmer name',
    father_name: "Father's name",
    grand_father_name: "Grandfather's name",
    phone_number: 'Phone number',
    gender: 'Gender',
    development_group: 'Development group',
    add_dev_group: 'Add a new development group',
    group_name: 'Group name',
    group_type: 'Group type',
  },
  loading_groups: 'Loading development groups…',
  no_groups: 'There are no development groups in this kebele yet. Add a new one.',
  error_loading_groups: 'Could not load the development groups. Please try again.',
  error_registering_farmer: 'Error registering farmer, please try again.',
  farmer_registered_successfully: 'Farmer registered successfully.',
} as const;
