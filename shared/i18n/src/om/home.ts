import type { home as en } from '../en/home';
import type { Shape } from '../types';

export const home: Shape<typeof en> = {
  title: 'Gebere',
  subtitle: "Meeshaalee babal'ina qonnaa hojjettoota misoomaatiif",
  hint: "Fuulli baay'een odeeffannoo bootii irraa barbaada. Fuulli tokko wanti tokko hir'ateera yoo jedhe, baafata bootii irraa banaa.",
  menu: {
    register_farmer: 'Qonnaan bulaa galmeessi',
    add_development_group: 'Garee misoomaa dabali',
    record_reach: "Ga'iinsa galmeessi",
    record_adoption: 'Fudhatama galmeessi',
    feedback: 'Yaada kenni',
    notifications: 'Beeksisawwan',
    create_notification: 'Beeksisa uumi',
    da_registration: 'Galmee hojjetaa misoomaa',
    update_profile: 'Piroofaayilii haaromsi',
    report_user_registration: 'Galmee fayyadamaa gabaasaa',
    report_user_update: 'Fayyadamaa gabaasaa haaromsi',
  },
};
