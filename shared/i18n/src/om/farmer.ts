import type { farmer as en } from '../en/farmer';
import type { Shape } from '../types';

export const farmer: Shape<typeof en> = {
  title: 'Qonnaan bulaa galmeessi',
  fields: {
    farmer_name: 'Maqaa qonnaan bulaa',
    father_name: 'Maqaa abbaa',
    grand_father_name: 'Maqaa akaakayyuu',
    phone_number: 'Lakkoofsa bilbilaa',
    gender: 'Saala',
    development_group: 'Garee misoomaa',
    add_dev_group: 'Garee misoomaa haaraa dabali',
    group_name: 'Maqaa garee',
    group_type: 'Gosa garee',
  },
  loading_groups: "Gareewwan misoomaa fe'aa jira…",
  no_groups: 'Ganda kana keessa ammaaf gareen misoomaa hin jiru. Garee haaraa dabalaa.',
  error_loading_groups: "Gareewwan misoomaa fe'uu hin dandeenye. Maaloo irra deebi'aa yaalaa.",
  error_registering_farmer: "Dogoggora qonnaan bulaa galmeessuu irratti, maaloo irra deebi'aa yaalaa.",
  farmer_registered_successfully: "Qonnaan bulaan milkaa'inaan galmeeffameera.",
};
