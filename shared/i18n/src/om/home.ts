import type { home as en } from '../en/home';
import type { Shape } from '../types';

export const home: Shape<typeof en> = {
  title: 'Gebere',
  subtitle: "Meeshaalee babal'ina qonnaa hojjettoota misoomaatiif",
  menu: {
    register_farmer: 'Qonnaan bulaa galmeessi',
    add_development_group: 'Garee misoomaa dabali',
    record_reach: "Ga'iinsa galmeessi",
    record_adoption: 'Fudhatama galmeessi',
    notifications: 'Beeksisawwan',
    create_notification: 'Beeksisa uumi',
    da_registration: 'Galmee hojjetaa misoomaa',
    update_profile: 'Piroofaayilii haaromsi',
    report_user_registration: 'Galmee fayyadamaa gabaasaa',
    report_user_update: 'Fayyadamaa gabaasaa haaromsi',
  },
  greeting: 'Akkam, {{name}}',
  rejected: 'Galmeen keessan hin fudhatamne. Maaloo hoogganaa keessan qunnamaa.',
  share_contact:
    "Gebere fayyadamuuf, gara haasawa bootiitti deebi'aa, /start ergaa, qabduu achi jiruun lakkoofsa bilbila keessanii qoodaa.",
  back_to_chat: "Gara haasawaatti deebi'i",
  groups: {
    title: 'Gareewwan misoomaa filadhaa, sana booda Itti fufi tuqaa',
    continue: 'Itti fufi',
    select_required: 'Yoo xiqqaate garee misoomaa tokko filadhaa',
    none: 'Ammaaf garee misoomaa hin qabdan. Dursa tokko dabalaa.',
  },
};
