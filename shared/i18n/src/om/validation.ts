import type { validation as en } from '../en/validation';
import type { Shape } from '../types';

export const validation: Shape<typeof en> = {
  required: 'Barbaachisaa dha',
  phone_number_validation: 'Lakkoofsi bilbilaa 09 ykn 07n jalqabee dijiitii 10 qabaachuu qaba',
  telegram_phone_number_validation:
    'Lakkoofsi bilbila Telegram 09 ykn 07n jalqabee dijiitii 10 qabaachuu qaba',
  please_select_atleast_one_farmer: 'Maaloo yoo xiqqaate qonnaan bulaa tokko filadhaa',
  please_select_atleast_one_advisory: 'Maaloo yoo xiqqaate gorsa tokko filadhaa',
  please_select_atleast_one_question: 'Yaada keessan kennuuf maaloo yoo xiqqaate gaaffii 1 filadhaa',
  interval_number: "Yeroon gidduu lakkoofsa guutuu 1 ykn isaa ol ta'uu qaba",
  too_long_one: "Yoo baay'ate qubee {{count}} ta'uu qaba",
  too_long_other: "Yoo baay'ate qubee {{count}} ta'uu qaba",
  text_nul: 'Qubee NUL (\\u0000) qabaachuu hin qabu',
  text_surrogate: "Qubee cabaa (UTF-16 surrogate kophaa) qaba; irra deebi'aa barreessaa",
  text_bidi: "Qubee kallattii barreeffamaa hin mul'anne (kan akka U+202E) qabaachuu hin qabu",
};
