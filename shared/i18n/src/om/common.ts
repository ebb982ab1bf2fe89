import type { common as en } from '../en/common';
import type { Shape } from '../types';

// Buttons use the short singular imperative usual in software (Galmeessi, Haqi); sentences use
// the polite plural (Maaloo … yaalaa). The hudhaa is the ASCII apostrophe (').
export const common: Shape<typeof en> = {
  app_name: 'Gebere',
  loading: "Fe'aa jira…",
  select_placeholder: 'Filadhu…',
  phone_placeholder: '09XXXXXXXX',
  register: 'Galmeessi',
  submit: 'Ergi',
  update: 'Haaromsi',
  add: 'Dabali',
  select: 'Filadhu',
  record_adoption: 'Fudhatama galmeessi',
  record_reach: "Ga'iinsa galmeessi",
  add_development_group: 'Garee misoomaa dabali',
  remove: 'Haqi',
  cancel: 'Dhiisi',
  close: 'Cufi',
  back: 'Duubatti',
  continue: 'Itti fufi',
  try_again: "Irra deebi'ii yaali",
  retry: "Irra deebi'i",
  yes: 'Eeyyee',
  no: 'Lakki',
  all: 'Hunda',
  select_all: 'Hunda filadhu',
  clear_selection: 'Filannoo haqi',
  saving: "Olkaa'aa jira…",
  gender: {
    male: 'Dhiira',
    female: 'Dubartii',
  },
  location: {
    region: 'Naannoo',
    zone: 'Godina',
    woreda: 'Aanaa',
    kebele: 'Ganda',
  },
  no_options: 'Kan filatamu hin jiru',
};
