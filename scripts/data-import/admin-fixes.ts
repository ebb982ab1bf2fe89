/**
 * Hand-made corrections to the raw woreda data, each with the evidence for it. They are kept
 * here, apart from the mechanical rules, so a reviewer can check or drop any one of them.
 */

/**
 * Woreda codes the mechanical rules cannot fix. `e` is Odo Shakiso (zone ET0414 Guji): 21 kebeles
 * carry woreda `ET041405`, a code no woreda has, and their own codes start with ET041405
 * (e.g. `Tero Ketema 01`); Guji's other woredas are ET041401–ET041404, ET041408… so ET041405 is
 * the missing one. `ET0420112` (Sululta, zone ET0420 Shager) is kept as written: it is unique,
 * its 4 kebeles reference it exactly, and any 8-character rewrite would be a guess.
 */
export const WOREDA_CODE_FIXES: Readonly<Record<string, string>> = {
  e: 'ET041405',
};

export interface Relocation {
  zone: string;
  why: string;
}

/**
 * Woredas whose zone, after the `'ET' + zfill(4)` rewrite, is certainly wrong: the rewrite
 * lands them in a zone of another numbering (bare zone codes 313, 314, 421, 422, 705, 707, 711,
 * 801–805 come from older numberings). Keyed by the zone code as written in woreda.csv. Three of
 * the five zones the rewrite leaves empty (ET0807 Derashe, ET0808 Amaro, ET1600 Sidama) and
 * ET1502 are exactly where these belong. ET0711 Korey is left empty instead (see '711').
 */
export const RELOCATE_BY_RAW_ZONE: Readonly<Record<string, Relocation>> = {
  '313': { zone: 'ET0304', why: 'Dessie city sub-cities; Dessie is in South Wello, not North Gojam' },
  '314': { zone: 'ET0311', why: 'Gondar city sub-cities; Gondar is in Central Gondar, not Bahir Dar' },
  '421': {
    zone: 'ET0407',
    why: 'Adama city sub-cities (Aba Geda, Bole, Dibe, Boku, Denibel, Logo); Adama is in East Shewa, not East Bale',
  },
  '422': { zone: 'ET0408', why: 'Assela town is in Arsi, not East Borena' },
  '705': {
    zone: 'ET0805',
    why: 'Ari woredas and Jinka town, carved from South Omo (South Ethiopia), not Kebena Special (Central Ethiopia)',
  },
  '707': { zone: 'ET0807', why: 'Derashe woreda: zone ET0807 Derashe, otherwise empty' },
  '711': {
    zone: 'ET0808',
    why: 'Amaro Liyu Wereda: zone ET0808 Amaro in South Ethiopia; this leaves ET0711 Korey (Koore, the same people and area, filed under Central Ethiopia) empty',
  },
  '801': { zone: 'ET1600', why: 'Hawassa city sub-cities; Hawassa is the capital of Sidama' },
  '802': { zone: 'ET1600', why: 'Sidama woredas (Hawassa Zuriya, Shebedino, Wendo Genet, …), not Gamo' },
  '803': { zone: 'ET1600', why: 'Sidama woredas (Dale, Yirgalem, Arbegona, …), not Gofa' },
  '804': { zone: 'ET1600', why: 'Sidama woredas (Aleta Wondo, Aleta Chuko, Hula, …), not Basketo' },
  '805': { zone: 'ET1600', why: 'Sidama woredas (Bensa, Bona Zuria, Aroresa, …), not South Omo' },
};

/**
 * Dire Dawa's four rural clusters (Jaldesa/Kelad, Biyo Awale, Wahil, Aseliso) are filed under
 * zone 1501 with the city's numbered urban woredas. Keyed by woreda code as written.
 */
const DIRE_DAWA_RURAL: Relocation = {
  zone: 'ET1502',
  why: 'rural clusters of Dire Dawa, filed with the city woredas; zone ET1502 Dire Dawa rural is otherwise empty',
};
export const RELOCATE_BY_RAW_WOREDA: Readonly<Record<string, Relocation>> = {
  '150110': DIRE_DAWA_RURAL,
  '150111': DIRE_DAWA_RURAL,
  '150112': DIRE_DAWA_RURAL,
  '150113': DIRE_DAWA_RURAL,
};
