import type { group as en } from '../en/group';
import type { Shape } from '../types';

export const group: Shape<typeof en> = {
  title: 'Garee misoomaa dabali',
  fields: {
    group_name: 'Maqaa garee',
    group_type: 'Gosa garee',
  },
  types: {
    men_only: 'Dhiirota qofa',
    women_only: 'Dubartoota qofa',
    mixed: 'Makaa',
  },
  error_adding_development_group: 'Dogoggora garee misoomaa dabaluu irratti',
  development_group_added_successfully: "Gareen misoomaa milkaa'inaan dabalameera.",
};
