/** Add development group screen and the group options the farmer form reuses. */
export const group = {
  title: 'Add Development Group',
  fields: {
    group_name: 'Group name',
    group_type: 'Group type',
  },
  types: {
    men_only: 'Men only',
    women_only: 'Women only',
    mixed: 'Mixed',
  },
  error_adding_development_group: 'Error Adding Development Group',
  development_group_added_successfully: 'Development group added successfully.',
} as const;
