import type { Gender } from '@gebere/contract';
import type { DemoDa, DemoFarmer, DemoGroup } from './types';

/**
 * Demo DAs, one per demo area, by their roster phone (samples/roster.csv has their names, kebele
 * and role): Abebe and Caaltuu in Bahir Dar Zuria, Meseret in Mecha (Amhara, where most demo
 * advisories are), Lensa in Ada'a and Dawit in Lume (East Shewa), Gebremedhin in Kilte Awlalo
 * (Tigray), Tsegaye in Dale (Sidama).
 */
export const DEMO_DAS: DemoDa[] = [
  { ref: 'da-abebe', phone_number: '0911234501', regionManager: true },
  { ref: 'da-meseret', phone_number: '0935678906', regionManager: true },
  // An Afaan Oromo speaker in Amhara (the demo's advisories are there), alone in her kebele.
  { ref: 'da-chaltu', phone_number: '0911234507', regionManager: true },
  // A DA whose Telegram account uses another SIM, as happens.
  { ref: 'da-lensa', phone_number: '0922345602', telegram_phone_number: '0712345610' },
  { ref: 'da-dawit', phone_number: '0712345603' },
  { ref: 'da-gebremedhin', phone_number: '0914456704' },
  { ref: 'da-tsegaye', phone_number: '0916789005' },
];

const group = (
  ref: string,
  group_name: string,
  group_type: DemoGroup['group_type'],
  created_by: string,
  formed_days_ago: number,
): DemoGroup => ({ ref, group_name, group_type, created_by, formed_days_ago });

/**
 * Development groups, each in its creating DA's kebele, formed 8–11 weeks before the seed (inside
 * the 12 weeks a report shows at first).
 */
export const DEMO_GROUPS: DemoGroup[] = [
  group('grp-danamariyam-1', 'Danamariyam Development Team 1', 'mixed', 'da-abebe', 77),
  group('grp-danamariyam-women', 'Danamariyam Women Farmers', 'women_only', 'da-abebe', 70),
  group('grp-adis-amba-youth', 'Adis Amba Youth Group', 'mixed', 'da-meseret', 66),
  group('grp-yerer-women-dairy', 'Yerer Women Dairy Group', 'women_only', 'da-lensa', 76),
  group('grp-yerer-team-2', 'Yerer Selase Development Team 2', 'mixed', 'da-lensa', 56),
  group('grp-ejere-men', "Ejere Welkite Men's Group", 'men_only', 'da-dawit', 72),
  group('grp-abrha-watershed', 'Abrha We Atsbeha Watershed Team', 'mixed', 'da-gebremedhin', 77),
  group('grp-chume-coffee', 'Chume Coffee Growers', 'mixed', 'da-tsegaye', 74),
  group('grp-chume-women', 'Chume Women Coffee Group', 'women_only', 'da-tsegaye', 62),
];

/** A farmer in a group; the registering DA is the group's. */
const farmer = (
  ref: string,
  names: [string, string, string],
  phone_number: string,
  gender: Gender,
  grp: string,
  registered_days_ago: number,
) => {
  const g = DEMO_GROUPS.find((x) => x.ref === grp);
  if (!g) throw new Error(`demo farmer ${ref}: no group ${grp}`);
  const [farmer_name, father_name, grand_father_name] = names;
  return {
    ref,
    farmer_name,
    father_name,
    grand_father_name,
    phone_number,
    gender,
    development_group: g.ref,
    created_by: g.created_by,
    registered_days_ago,
  } satisfies DemoFarmer;
};

/** Registered when their group was formed, or some weeks later (they joined later). */
export const DEMO_FARMERS: DemoFarmer[] = [
  farmer('fa-alemu', ['Alemu', 'Tesfaye', 'Bekele'], '0918100201', 'male', 'grp-danamariyam-1', 77),
  farmer('fa-yirga', ['Yirga', 'Molla', 'Ayalew'], '0918100202', 'male', 'grp-danamariyam-1', 77),
  farmer('fa-getachew', ['Getachew', 'Ayele', 'Mekonnen'], '0918100203', 'male', 'grp-danamariyam-1', 76),
  farmer('fa-workneh', ['Workneh', 'Gashaw', 'Zeleke'], '0718100204', 'male', 'grp-danamariyam-1', 63),
  farmer(
    'fa-belaynesh',
    ['Belaynesh', 'Asmare', 'Wale'],
    '0918100205',
    'female',
    'grp-danamariyam-women',
    70,
  ),
  farmer('fa-tigist', ['Tigist', 'Mulugeta', 'Adane'], '0918100206', 'female', 'grp-danamariyam-women', 70),
  farmer('fa-almaz', ['Almaz', 'Fenta', 'Desta'], '0918100207', 'female', 'grp-danamariyam-women', 61),
  farmer('fa-mulu', ['Mulu', 'Alemayehu', 'Mengist'], '0918100208', 'female', 'grp-adis-amba-youth', 66),
  farmer('fa-biniam', ['Biniam', 'Wubet', 'Assefa'], '0718100209', 'male', 'grp-adis-amba-youth', 52),
  farmer('fa-chaltu', ['Chaltu', 'Bekele', 'Dinsa'], '0911300301', 'female', 'grp-yerer-women-dairy', 76),
  farmer('fa-ayantu', ['Ayantu', 'Tolosa', 'Gudeta'], '0911300302', 'female', 'grp-yerer-women-dairy', 76),
  farmer('fa-genet', ['Genet', 'Debela', 'Abdisa'], '0711300303', 'female', 'grp-yerer-women-dairy', 75),
  farmer(
    'fa-meseret-t',
    ['Meseret', 'Tadesse', 'Wakjira'],
    '0911300304',
    'female',
    'grp-yerer-women-dairy',
    68,
  ),
  farmer('fa-dereje', ['Dereje', 'Fikadu', 'Mulatu'], '0911300305', 'male', 'grp-yerer-team-2', 56),
  farmer('fa-tolera', ['Tolera', 'Gutema', 'Dinka'], '0911300306', 'male', 'grp-yerer-team-2', 56),
  farmer('fa-bontu', ['Bontu', 'Sileshi', 'Gemeda'], '0911300307', 'female', 'grp-yerer-team-2', 47),
  farmer('fa-girma', ['Girma', 'Kebede', 'Tufa'], '0912400401', 'male', 'grp-ejere-men', 72),
  farmer('fa-abdi', ['Abdi', 'Mohammed', 'Hussein'], '0712400402', 'male', 'grp-ejere-men', 72),
  // The legacy data writes an unknown grandfather's name as the literal `nan`; screens hide it.
  farmer('fa-fekadu', ['Fekadu', 'Negash', 'nan'], '0912400403', 'male', 'grp-ejere-men', 65),
  farmer('fa-hagos', ['Hagos', 'Gebru', 'Weldu'], '0914500501', 'male', 'grp-abrha-watershed', 77),
  farmer('fa-letay', ['Letay', 'Berhe', 'Gebremichael'], '0914500502', 'female', 'grp-abrha-watershed', 77),
  farmer('fa-mebrat', ['Mebrat', 'Kidane', 'Hailu'], '0914500503', 'female', 'grp-abrha-watershed', 76),
  farmer('fa-haftom', ['Haftom', 'Abraha', 'Gebreyesus'], '0914500504', 'male', 'grp-abrha-watershed', 76),
  farmer('fa-tsega', ['Tsega', 'Hadush', 'Tesfay'], '0714500505', 'female', 'grp-abrha-watershed', 59),
  farmer('fa-dukamo', ['Dukamo', 'Dara', 'Hirbaye'], '0916600601', 'male', 'grp-chume-coffee', 74),
  farmer('fa-tamirat', ['Tamirat', 'Bunkure', 'Sorsa'], '0916600602', 'male', 'grp-chume-coffee', 74),
  farmer('fa-tariku', ['Tariku', 'Gelgelo', 'Danbe'], '0716600603', 'male', 'grp-chume-coffee', 73),
  farmer('fa-abebech', ['Abebech', 'Ledamo', 'Anjulo'], '0916600604', 'female', 'grp-chume-women', 62),
  farmer('fa-mulunesh', ['Mulunesh', 'Hankamo', 'Beyene'], '0916600605', 'female', 'grp-chume-women', 62),
  farmer('fa-bizunesh', ['Bizunesh', 'Woticha', 'Mekonnen'], '0916600606', 'female', 'grp-chume-women', 55),
];
