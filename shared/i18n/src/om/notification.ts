import type { notification as en } from '../en/notification';
import type { Shape } from '../types';

export const notification: Shape<typeof en> = {
  title_list: 'Beeksisawwan',
  title_create: 'Beeksisa uumi',
  title_update: 'Beeksisa haaromsi',
  create_button: 'Beeksisa uumi',
  no_notifications: 'Ammaaf beeksisni hin jiru',
  // {{time}}: dayjs's Oromo duration ("daqiiqaa 5"), see webapp's relative-time.ts.
  created: 'Uumame {{time}} dura',
  fields: {
    name: 'Maqaa',
    message: 'Ergaa',
    content_type: 'Gosa qabiyyee',
    location_type: 'Gosa bakkaa',
    region: 'Naannoo',
    zone: 'Godina',
    woreda: 'Aanaa',
    kebele: 'Ganda',
    frequency: 'Irra deddeebii',
    interval: 'Yeroo gidduu',
    send_now: 'Amma ergi',
  },
  interval_hint: "Torbanoota ykn ji'oota meeqa meeqaan akka ergamu",
  interval_max: "Yeroon gidduu {{max}} ykn isaa gadi ta'uu qaba",
  send_now_hint: "Sagantaa irratti hundaa'uu dhiisii, yeruma kana al tokko ergi",
  all: 'Hunda',
  content_types: {
    advisory: 'Gorsa',
    reach: "Ga'iinsa",
    adoption: 'Fudhatama',
    farmer_registration: 'Galmee qonnaan bulaa',
  },
  location_types: {
    all: 'Hunda',
    region: 'Naannoo',
    zone: 'Godina',
    woreda: 'Aanaa',
    kebele: 'Ganda',
  },
  frequencies: {
    weekly: 'Torbaniin',
    monthly: "Ji'aan",
  },
  deliveries: {
    title: 'Ergamoota',
    queued: 'Eegaa jira',
    sent: 'Ergameera',
    failed: 'Hin milkoofne',
  },
  remove: 'Haqi',
  cancel: 'Dhiisi',
  confirm_remove: 'Dhuguma beeksisa kana haquu barbaadduu?',
  notification_created_successfully: "Beeksisni milkaa'inaan uumameera",
  notification_updated_successfully: "Beeksisni milkaa'inaan haaromfameera",
  notification_removed_successfully: "Beeksisni milkaa'inaan haqameera",
  error_registering_notification:
    "Dogoggora beeksisa galmeessuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  error_updating_notification:
    "Dogoggora beeksisa haaromsuu irratti, maaloo unka ilaalaatii irra deebi'aa yaalaa.",
  error_removing_notification: "Dogoggora beeksisa haquu irratti, maaloo irra deebi'aa yaalaa.",
  error_getting_notification_detail:
    "Dogoggora bal'ina beeksisaa fiduu irratti, maaloo irra deebi'aa yaalaa.",
  error_getting_notifications_list:
    "Dogoggora tarree beeksisawwanii fiduu irratti, maaloo irra deebi'aa yaalaa.",
};
