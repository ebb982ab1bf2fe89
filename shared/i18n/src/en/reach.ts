/**
 * Record reach and record adoption screens (spec §2 "Reach and adoption screens"). They share
 * one layout; `reach_titles` and `adoption_titles` are the two sets of section titles.
 */
export const reach = {
  title_reach: 'Record Reach',
  title_adoption: 'Record Adoption',
  reach_titles: {
    farmers: 'Select the farmers the advisory reached',
    value_chain_category: 'Select value chain category for reach',
    value_chain: 'Select value chain for reach',
    practice: 'Select practice for reach',
    sub_practice: 'Select sub-practice for reach',
    advisory: 'Select advisory for reach',
  },
  adoption_titles: {
    farmers: 'Select the farmers who adopted the advisory',
    value_chain_category: 'Select value chain category to record adoption',
    value_chain: 'Select value chain to record adoption',
    practice: 'Select practice to record adoption',
    sub_practice: 'Select sub-practice to record adoption',
    advisory: 'Select advisory to record adoption',
  },
  // The categories the backend names (spec: "Value chain categories named in the strings").
  categories: {
    plant_science: 'Plant science',
    animal_science: 'Animal science',
    natural_resource_management: 'Natural resource management',
  },
  reached_farmers_not_found: 'Reached farmers not found for this development group',
  farmers_not_found: 'Farmers not found for this development group',
  advisory_not_found: 'Advisory not found',
  no_groups_selected: 'No development group was selected. Please open this screen again from the bot.',
  loading_farmers: 'Loading farmers…',
  // {{farmers}} and {{advisories}}: selected_farmers and selected_advisories (with their plurals).
  selection_summary: '{{farmers}} and {{advisories}} selected',
  selected_farmers_one: '{{count}} farmer',
  selected_farmers_other: '{{count}} farmers',
  selected_advisories_one: '{{count}} advisory',
  selected_advisories_other: '{{count}} advisories',
  // Long submits send one record per farmer × advisory pair; progress keeps the DA waiting.
  progress: 'Recording {{done}} of {{total}}…',
  records_failed_one: '{{count}} record failed.',
  records_failed_other: '{{count}} records failed.',
  retry_failed: 'Retry',
  // Records that got no answer (even after the retries), counted apart from the refused ones
  // above: some may be saved, and Retry is safe. recorded/total: the current selection's pairs.
  records_not_confirmed_one:
    '{{recorded}} of {{total}} recorded. {{count}} record could not be confirmed (no connection): it may already be saved. Your selection is kept: press “Retry” when you have signal; nothing will be recorded twice.',
  records_not_confirmed_other:
    '{{recorded}} of {{total}} recorded. {{count}} records could not be confirmed (no connection): they may already be saved. Your selection is kept: press “Retry” when you have signal; nothing will be recorded twice.',
  reach_recorded_successfully: 'Reach recorded successfully.',
  adoption_recorded_successfully: 'Adoption recorded successfully.',
} as const;
