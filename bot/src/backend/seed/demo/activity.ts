import type { DemoSession } from './types';

const session = (
  group: string,
  advisory: string,
  days_ago: number,
  adopted: Record<string, number> = {},
  absent: string[] = [],
): DemoSession => ({ group, advisory, days_ago, absent, adopted });

/**
 * What the demo DAs did with their groups over the 11 weeks before the seed: every group meets
 * every two to three weeks about an advisory of its kebele (the newest of its sub-practice, as
 * the record screens offer it); a farmer or two is away, or not registered yet; about half of
 * those there say within two to four weeks that they adopted it, and the last meetings have no
 * adoption yet. So the demo's reports have bars in every week, adoption rates that differ by
 * value chain, and a kebele of each demo DA to drill down to.
 */
export const DEMO_SESSIONS: DemoSession[] = [
  // Danamariyam (Abebe): teff, faba bean, potato, poultry and soil bunds.
  session('grp-danamariyam-1', 'adv-teff-seed-rate-danamariyam', 74, { 'fa-alemu': 60, 'fa-getachew': 58 }, [
    'fa-workneh',
  ]),
  session('grp-danamariyam-1', 'adv-teff-row-spacing-north-gojam', 60, {
    'fa-alemu': 46,
    'fa-yirga': 45,
    'fa-workneh': 40,
  }),
  session('grp-danamariyam-1', 'adv-faba-inoculate-north-gojam', 46, { 'fa-getachew': 30 }, ['fa-yirga']),
  session('grp-danamariyam-1', 'adv-swc-soil-bund-amhara', 27, { 'fa-alemu': 13, 'fa-workneh': 12 }),
  session('grp-danamariyam-1', 'adv-potato-dls-amhara', 13, { 'fa-yirga': 2 }, ['fa-getachew']),
  session(
    'grp-danamariyam-women',
    'adv-poultry-newcastle-amhara',
    67,
    { 'fa-belaynesh': 53, 'fa-tigist': 50 },
    ['fa-almaz'],
  ),
  session('grp-danamariyam-women', 'adv-teff-seed-rate-danamariyam', 53, { 'fa-tigist': 39, 'fa-almaz': 36 }),
  session('grp-danamariyam-women', 'adv-swc-soil-bund-amhara', 34, {}, ['fa-tigist']),
  session('grp-danamariyam-women', 'adv-potato-dls-amhara', 20, { 'fa-belaynesh': 6, 'fa-almaz': 5 }),
  session('grp-danamariyam-women', 'adv-teff-row-spacing-north-gojam', 6),
  // Adis Amba (Meseret).
  session('grp-adis-amba-youth', 'adv-compost-pit-adis-amba', 61, { 'fa-mulu': 47 }, ['fa-biniam']),
  session('grp-adis-amba-youth', 'adv-teff-seed-rate-amhara-2025', 45, { 'fa-biniam': 31 }),
  session('grp-adis-amba-youth', 'adv-poultry-newcastle-amhara', 31, { 'fa-mulu': 17, 'fa-biniam': 15 }),
  session('grp-adis-amba-youth', 'adv-faba-inoculate-north-gojam', 10),
  // Yerer Selase (Lensa): dairy with the women's group, teff, wheat and maize with team 2.
  session(
    'grp-yerer-women-dairy',
    'adv-dairy-udder-yerer-selase-2',
    73,
    { 'fa-chaltu': 59, 'fa-ayantu': 57, 'fa-genet': 52 },
    ['fa-meseret-t'],
  ),
  session('grp-yerer-women-dairy', 'adv-dairy-heat-adaa', 59, { 'fa-chaltu': 45, 'fa-meseret-t': 44 }, [
    'fa-genet',
  ]),
  session('grp-yerer-women-dairy', 'adv-dairy-colostrum-oromia', 40, {
    'fa-ayantu': 26,
    'fa-genet': 25,
    'fa-meseret-t': 21,
  }),
  session('grp-yerer-women-dairy', 'adv-fat-urea-straw-oromia', 24, { 'fa-chaltu': 9 }, ['fa-ayantu']),
  session('grp-yerer-women-dairy', 'adv-poultry-newcastle-oromia', 7),
  session('grp-yerer-team-2', 'adv-teff-quncho-adaa', 52, { 'fa-dereje': 38 }, ['fa-bontu']),
  session('grp-yerer-team-2', 'adv-teff-urea-adaa', 38, { 'fa-tolera': 24, 'fa-bontu': 23 }),
  session('grp-yerer-team-2', 'adv-wheat-fungicide-east-shewa-2025', 22, { 'fa-dereje': 8, 'fa-bontu': 8 }, [
    'fa-tolera',
  ]),
  session('grp-yerer-team-2', 'adv-maize-faw-oromia', 8),
  // Ejere Welkite (Dawit).
  session('grp-ejere-men', 'adv-wheat-scouting-lume', 68, { 'fa-girma': 54 }, ['fa-fekadu']),
  session('grp-ejere-men', 'adv-wheat-fungicide-east-shewa-2025', 51, {
    'fa-girma': 37,
    'fa-abdi': 36,
    'fa-fekadu': 33,
  }),
  session('grp-ejere-men', 'adv-irr-lined-pond-lume', 35, {}, ['fa-abdi']),
  session('grp-ejere-men', 'adv-teff-nps-oromia', 16, { 'fa-fekadu': 2 }),
  session('grp-ejere-men', 'adv-fat-urea-straw-oromia', 3),
  // Abrha We Atsbeha (Gebremedhin): watershed work, sheep and goats, bees.
  session(
    'grp-abrha-watershed',
    'adv-swc-stone-bund-abrha-we-atsbeha',
    75,
    { 'fa-hagos': 61, 'fa-letay': 61, 'fa-mebrat': 60, 'fa-haftom': 55 },
    ['fa-tsega'],
  ),
  session('grp-abrha-watershed', 'adv-swc-loose-rock-eastern', 64, { 'fa-hagos': 50, 'fa-haftom': 48 }, [
    'fa-mebrat',
    'fa-tsega',
  ]),
  session('grp-abrha-watershed', 'adv-sr-ppr-tigray', 44, { 'fa-letay': 30, 'fa-tsega': 28 }),
  session('grp-abrha-watershed', 'adv-api-capped-eastern', 29, { 'fa-mebrat': 15 }, ['fa-haftom']),
  session('grp-abrha-watershed', 'adv-swc-cut-carry-kilte-awlalo', 11, { 'fa-hagos': 3 }),
  // Chume (Tsegaye): coffee and maize.
  session('grp-chume-coffee', 'adv-coffee-raised-beds-chume', 71, { 'fa-dukamo': 57, 'fa-tariku': 54 }),
  session('grp-chume-coffee', 'adv-coffee-pits-sidama', 56, { 'fa-dukamo': 42 }, ['fa-tamirat']),
  session('grp-chume-coffee', 'adv-maize-faw-sidama', 36, { 'fa-tamirat': 22, 'fa-tariku': 21 }),
  session('grp-chume-coffee', 'adv-coffee-red-cherry-dale-2025', 17, { 'fa-dukamo': 3 }),
  session('grp-chume-women', 'adv-coffee-red-cherry-dale-2025', 60, { 'fa-abebech': 46 }, ['fa-bizunesh']),
  session('grp-chume-women', 'adv-coffee-raised-beds-chume', 41, { 'fa-mulunesh': 27, 'fa-bizunesh': 26 }),
  session('grp-chume-women', 'adv-coffee-pits-sidama', 20, {}, ['fa-abebech']),
  session('grp-chume-women', 'adv-maize-faw-sidama', 4),
];
