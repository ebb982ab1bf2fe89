import type { errors as en } from '../en/errors';
import type { Shape } from '../types';

export const errors: Shape<typeof en> = {
  network_error: 'Dogoggora networkii',
  timeout: 'Gaaffichi yeroo isaaf kenname keessatti hin xumuramne',
  request_aborted: 'Gaaffichi addaan citeera',
  request_failed: 'Gaaffichi hin milkoofne, koodii haalaa {{status}}',
  unauthorized:
    "Eenyummaa keessan mirkaneessuu hin dandeenye. Maaloo fuula kana bootii irraa irra deebi'aa banaa.",
  forbidden: 'Kana gochuuf hayyama hin qabdan.',
  not_found: 'Hin argamne',
  unknown: "Wanti tokko dogoggoreera. Maaloo irra deebi'aa yaalaa.",
  error_sending_message_to_bot: "Dogoggora ergaa bootiitti erguu irratti, maaloo irra deebi'aa yaalaa",
  not_confirmed_kept:
    "Qunnamtiin hin jiru: olkaa'amuu isaa mirkaneessuu hin dandeenye. Wanti isin galchitan asumatti eegameera. Yeroo networkiin jiru “{{button}}” irra deebi'aa tuqaa; si'a lama hin olkaa'amu.",
  link_expired: "Liinkiin kun yeroon isaa darbeera. Maaloo bootii irraa irra deebi'aa banaa.",
  link_invalid: "Liinkiin kun sirrii miti. Maaloo bootii irraa irra deebi'aa banaa.",
  proof_missing: 'Maaloo fuula kana Telegram keessatti bootii Gebere irraa banaa.',
  missing_parameters:
    "Liinkiin kun odeeffannoo barbaachisu tokko tokko hin qabu. Maaloo bootii irraa irra deebi'aa banaa.",
};
