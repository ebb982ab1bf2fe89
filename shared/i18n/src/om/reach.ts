import type { reach as en } from '../en/reach';
import type { Shape } from '../types';

export const reach: Shape<typeof en> = {
  title_reach: "Ga'iinsa galmeessi",
  title_adoption: 'Fudhatama galmeessi',
  reach_titles: {
    farmers: "Qonnaan bultoota gorsi bira ga'e filadhu",
    value_chain_category: "Ga'iinsaaf gosa sansalata gatii filadhu",
    value_chain: "Ga'iinsaaf sansalata gatii filadhu",
    practice: "Ga'iinsaaf shaakala filadhu",
    sub_practice: "Ga'iinsaaf shaakala xiqqaa filadhu",
    advisory: "Ga'iinsaaf gorsa filadhu",
  },
  adoption_titles: {
    farmers: 'Qonnaan bultoota gorsa fudhatan filadhu',
    value_chain_category: 'Fudhatama galmeessuuf gosa sansalata gatii filadhu',
    value_chain: 'Fudhatama galmeessuuf sansalata gatii filadhu',
    practice: 'Fudhatama galmeessuuf shaakala filadhu',
    sub_practice: 'Fudhatama galmeessuuf shaakala xiqqaa filadhu',
    advisory: 'Fudhatama galmeessuuf gorsa filadhu',
  },
  categories: {
    plant_science: 'Saayinsii biqiltootaa',
    animal_science: 'Saayinsii beeyladaa',
    natural_resource_management: 'Bulchiinsa qabeenya uumamaa',
  },
  reached_farmers_not_found: "Garee misoomaa kanaaf qonnaan bultoonni gorsi bira ga'e hin argamne",
  farmers_not_found: 'Garee misoomaa kanaaf qonnaan bultoonni hin argamne',
  advisory_not_found: 'Gorsi hin argamne',
  no_groups_selected:
    "Gareen misoomaa tokkollee hin filatamne. Maaloo fuula kana bootii irraa irra deebi'aa banaa.",
  loading_farmers: "Qonnaan bultoota fe'aa jira…",
  selection_summary: '{{farmers}} fi {{advisories}} filatameera',
  selected_farmers_one: 'qonnaan bulaa {{count}}',
  selected_farmers_other: 'qonnaan bultoota {{count}}',
  selected_advisories_one: 'gorsa {{count}}',
  selected_advisories_other: 'gorsawwan {{count}}',
  progress: '{{total}} keessaa {{done}} galmeessaa jira…',
  records_failed_one: 'Galmeen {{count}} hin milkoofne.',
  records_failed_other: 'Galmeewwan {{count}} hin milkoofne.',
  retry_failed: "Irra deebi'i",
  records_not_confirmed_one:
    "{{total}} keessaa {{recorded}} galmeeffameera. Galmeen {{count}} mirkanaa'uu hin dandeenye (qunnamtiin hin jiru): duraanuu olkaa'amee ta'uu danda'a. Filannoon keessan eegameera: yeroo networkiin jiru “Irra deebi'i” tuqaa; homtuu si'a lama hin galmeeffamu.",
  records_not_confirmed_other:
    "{{total}} keessaa {{recorded}} galmeeffameera. Galmeewwan {{count}} mirkanaa'uu hin dandeenye (qunnamtiin hin jiru): duraanuu olkaa'amanii ta'uu danda'u. Filannoon keessan eegameera: yeroo networkiin jiru “Irra deebi'i” tuqaa; homtuu si'a lama hin galmeeffamu.",
  reach_recorded_successfully: "Ga'iinsi milkaa'inaan galmeeffameera.",
  adoption_recorded_successfully: "Fudhatamni milkaa'inaan galmeeffameera.",
};
