import { PLACES as P } from './places';
import type { DemoAdvisory } from './types';

/**
 * Crop advisories. Several target the same sub-practice at the same area with different dates
 * (teff seed rate in Amhara, wheat fungicide in East Shewa, coffee harvest in Dale), so the
 * "most recent only" rule shows; some have no label, so screens fall back to the text, and one
 * has neither label nor text, so they fall back to the sub-practice name.
 */
export const PLANT_ADVISORIES: DemoAdvisory[] = [
  {
    ref: 'adv-teff-seed-rate-amhara-2024',
    sub_practice: 'sp-teff-seed-rate',
    level: 'region',
    admin_code: P.amhara.region,
    label: 'Teff seed rate for row planting',
    template_content: [
      'Use 5–7 kg of clean teff seed per hectare when planting in rows.',
      'Mix the seed with dry sand (1:1) so that it falls evenly.',
    ],
    template_content_am: [
      'በመስመር ሲዘሩ በሄክታር 5–7 ኪ.ግ ንፁህ የጤፍ ዘር ይጠቀሙ።',
      'ዘሩ እኩል እንዲወርድ ከደረቅ አሸዋ ጋር (1፡1) ይቀላቅሉት።',
    ],
    created_at: '2024-06-05T07:30:00.000Z',
  },
  {
    ref: 'adv-teff-seed-rate-amhara-2025',
    sub_practice: 'sp-teff-seed-rate',
    level: 'region',
    admin_code: P.amhara.region,
    label: 'Teff seed rate, 2025 meher season',
    template_content: [
      'Use 5 kg/ha of Quncho seed, or 6–7 kg/ha of local seed, in rows.',
      'Sow once the soil is well wetted, from late June to mid-July.',
    ],
    template_content_am: [
      'በመስመር በሄክታር 5 ኪ.ግ የቁንጮ ዘር ወይም 6–7 ኪ.ግ የአካባቢ ዘር ይጠቀሙ።',
      'አፈሩ በደንብ ከረጠበ በኋላ ከሰኔ መጨረሻ እስከ ሐምሌ አጋማሽ ይዝሩ።',
    ],
    created_at: '2025-06-02T07:30:00.000Z',
  },
  {
    ref: 'adv-teff-seed-rate-bahir-dar-zuria',
    sub_practice: 'sp-teff-seed-rate',
    level: 'woreda',
    admin_code: P.bahirDarZuria.woreda,
    label: null,
    template_content: [
      'Bahir Dar Zuria: certified teff seed is sold at the Danamariyam and Yegodi primary cooperatives; bring your member card and buy before sowing time.',
    ],
    template_content_am: [
      'ባሕር ዳር ዙሪያ፦ የተረጋገጠ የጤፍ ዘር በዳናማርያምና በየጎዲ መሰረታዊ የኅብረት ሥራ ማኅበራት ይሸጣል፤ የአባልነት ካርድዎን ይዘው ከዘር ወቅት በፊት ይግዙ።',
    ],
    created_at: '2025-06-20T06:00:00.000Z',
  },
  {
    ref: 'adv-teff-seed-rate-danamariyam',
    sub_practice: 'sp-teff-seed-rate',
    level: 'kebele',
    admin_code: P.bahirDarZuria.danamariyam,
    label: 'Danamariyam: teff row-planting demonstration',
    template_content: [
      'A row-planting demonstration plot is at the Farmer Training Centre.',
      'Visit it on market day with your development group.',
    ],
    template_content_am: ['በመስመር የመዝራት ማሳያ ማሳ በአርሶ አደር ማሰልጠኛ ማዕከል ይገኛል።', 'በገበያ ቀን ከልማት ቡድንዎ ጋር ይጎብኙት።'],
    created_at: '2025-07-01T08:15:00.000Z',
  },
  {
    ref: 'adv-teff-row-spacing-north-gojam',
    sub_practice: 'sp-teff-row-spacing',
    level: 'zone',
    admin_code: P.amhara.zone,
    label: null,
    template_content: [
      'Keep 20 cm between rows; a rope marked every 20 cm or a simple row marker makes straight rows.',
      'Cover the seed lightly, no deeper than 1 cm.',
    ],
    template_content_am: [
      'በመስመሮች መካከል 20 ሳ.ሜ ርቀት ይጠብቁ፤ በየ20 ሳ.ሜ ምልክት ያለው ገመድ ቀጥተኛ መስመር ያወጣል።',
      'ዘሩን ከ1 ሳ.ሜ ባልበለጠ ጥልቀት በቀጭኑ ይሸፍኑ።',
    ],
    created_at: '2024-07-10T09:00:00.000Z',
  },
  {
    ref: 'adv-teff-nps-oromia',
    sub_practice: 'sp-teff-nps',
    level: 'region',
    admin_code: P.oromia.region,
    label: null,
    template_content: [
      'Apply 100 kg of NPS per hectare in the row at sowing, close to the seed but not touching it.',
      'On acidic red soils ask the DA about NPSB or lime.',
    ],
    template_content_am: [
      'በዘር ወቅት በሄክታር 100 ኪ.ግ ኤን.ፒ.ኤስ በመስመር ውስጥ ከዘሩ አጠገብ ሳይነካው ያድርጉ።',
      'አሲዳማ ቀይ አፈር ከሆነ ስለ ኤን.ፒ.ኤስ.ቢ ወይም ኖራ የልማት ሰራተኛውን ይጠይቁ።',
    ],
    created_at: '2024-06-15T07:00:00.000Z',
  },
  {
    ref: 'adv-teff-urea-adaa',
    sub_practice: 'sp-teff-urea',
    level: 'woreda',
    admin_code: P.adaa.woreda,
    label: 'Urea top-dressing for teff',
    template_content: [
      'Split 50 kg/ha of urea: half at sowing, half at tillering (about 30 days).',
      'Apply urea on moist soil, never before heavy rain.',
    ],
    template_content_am: [
      'በሄክታር 50 ኪ.ግ ዩሪያ ይክፈሉ፤ ግማሹን በዘር ወቅት፣ ግማሹን በጢሻ ወቅት (30 ቀን አካባቢ)።',
      'ዩሪያን እርጥብ አፈር ላይ ያድርጉ፤ ከከባድ ዝናብ በፊት አያድርጉ።',
    ],
    created_at: '2025-08-01T07:45:00.000Z',
  },
  {
    ref: 'adv-teff-quncho-adaa',
    sub_practice: 'sp-teff-quncho',
    level: 'woreda',
    admin_code: P.adaa.woreda,
    label: "Quncho seed in Ada'a",
    template_content: [
      'Quncho (DZ-Cr-387) gives white grain and about 2 t/ha on black soils with good management.',
      'Buy certified seed only; farm-saved seed mixes with other teff after two seasons.',
    ],
    template_content_am: [
      'ቁንጮ (ዲዜድ-ሲአር-387) ነጭ ጤፍ ሲሆን በጥቁር አፈር በጥሩ እንክብካቤ በሄክታር 2 ቶን አካባቢ ይሰጣል።',
      'የተረጋገጠ ዘር ብቻ ይግዙ፤ የራስ ዘር ከሁለት ወቅት በኋላ ከሌላ ጤፍ ይደባለቃል።',
    ],
    created_at: '2025-05-20T08:00:00.000Z',
  },
  {
    ref: 'adv-wheat-fungicide-east-shewa-2024',
    sub_practice: 'sp-wheat-fungicide',
    level: 'zone',
    admin_code: P.oromia.zone,
    label: 'Wheat rust: spray at first pustules',
    template_content: ['Spray a recommended fungicide as soon as yellow or stem rust pustules appear.'],
    template_content_am: ['ቢጫ ወይም የአገዳ ዋግ ምልክት እንደታየ የተመከረ ፀረ-ፈንገስ ይርጩ።'],
    created_at: '2024-08-20T06:30:00.000Z',
  },
  {
    ref: 'adv-wheat-fungicide-east-shewa-2025',
    sub_practice: 'sp-wheat-fungicide',
    level: 'zone',
    admin_code: P.oromia.zone,
    label: 'Wheat rust: spray at first pustules (2025)',
    template_content: [
      'Yellow rust is reported early this year. Spray at the first pustules, wearing gloves and a mask.',
      'Repeat after 15 days if the rain continues.',
    ],
    template_content_am: [
      'በዚህ ዓመት ቢጫ ዋግ ቀድሞ ታይቷል። የመጀመሪያ ምልክት ሲታይ ጓንትና ማስክ አድርገው ይርጩ።',
      'ዝናቡ ከቀጠለ ከ15 ቀን በኋላ ይድገሙ።',
    ],
    created_at: '2025-08-18T06:30:00.000Z',
  },
  {
    ref: 'adv-wheat-scouting-lume',
    sub_practice: 'sp-wheat-scouting',
    level: 'woreda',
    admin_code: P.lume.woreda,
    label: 'Lume: yellow rust alert',
    template_content: [
      'Walk your wheat field in a W pattern every week and report yellow stripes on leaves to the DA.',
    ],
    template_content_am: ['የስንዴ ማሳዎን በየሳምንቱ በW ቅርፅ ይቃኙ፤ በቅጠል ላይ ቢጫ መስመር ካዩ ለልማት ሰራተኛው ያሳውቁ።'],
    created_at: '2025-08-05T07:00:00.000Z',
  },
  {
    ref: 'adv-maize-faw-oromia',
    sub_practice: 'sp-maize-faw-scouting',
    level: 'region',
    admin_code: P.oromia.region,
    label: 'Fall armyworm scouting',
    template_content: [
      'Check 20 plants in five spots every week from emergence to tasselling.',
      'Act when more than 20% of young plants have fresh leaf damage.',
    ],
    template_content_am: [
      'ከብቅለት እስከ አበባ በየሳምንቱ በአምስት ቦታዎች 20 ተክሎችን ይመልከቱ።',
      'ከወጣት ተክሎች ከ20% በላይ አዲስ የቅጠል ጉዳት ካለ እርምጃ ይውሰዱ።',
    ],
    created_at: '2025-06-25T07:00:00.000Z',
  },
  {
    ref: 'adv-maize-faw-sidama',
    sub_practice: 'sp-maize-faw-scouting',
    level: 'region',
    admin_code: P.sidama.region,
    label: null,
    template_content: [
      'Belg maize: scout weekly for fall armyworm; look for sawdust-like frass in the whorl.',
    ],
    template_content_am: ['የበልግ በቆሎ፦ በየሳምንቱ የአሜሪካ መጤ ተምችን ይቃኙ፤ በቅጠል ጥቅል ውስጥ እንደ ሰጋቱራ ያለ ፍግ ይፈልጉ።'],
    created_at: '2025-04-30T07:00:00.000Z',
  },
  {
    ref: 'adv-coffee-pits-sidama',
    sub_practice: 'sp-coffee-pits',
    level: 'zone',
    admin_code: P.sidama.zone,
    label: 'Coffee planting pits',
    template_content: [
      'Dig pits 60 × 60 × 60 cm two months before planting.',
      'Refill with topsoil mixed with well-rotted compost.',
    ],
    template_content_am: [
      'ከመትከል ሁለት ወር በፊት 60 × 60 × 60 ሳ.ሜ ጉድጓድ ይቆፍሩ።',
      'ከላይኛው አፈር ጋር በደንብ የበሰለ ኮምፖስት ቀላቅለው ይሙሉ።',
    ],
    created_at: '2024-05-10T08:00:00.000Z',
  },
  {
    ref: 'adv-coffee-red-cherry-dale-2024',
    sub_practice: 'sp-coffee-red-cherry',
    level: 'woreda',
    admin_code: P.dale.woreda,
    label: 'Dale: selective picking',
    template_content: [
      'Pick only fully red cherries; green cherries lower the grade at the washing station.',
    ],
    template_content_am: ['ሙሉ በሙሉ የቀላ ፍሬ ብቻ ይልቀሙ፤ አረንጓዴ ፍሬ በእሸት ማጠቢያ ጣቢያ ደረጃውን ይቀንሳል።'],
    created_at: '2024-10-01T06:00:00.000Z',
  },
  {
    ref: 'adv-coffee-red-cherry-dale-2025',
    sub_practice: 'sp-coffee-red-cherry',
    level: 'woreda',
    admin_code: P.dale.woreda,
    label: 'Dale: selective picking, 2025 harvest',
    template_content: [
      'Pick only fully red cherries, in three or four rounds.',
      'Deliver cherries to the washing station the same day.',
    ],
    template_content_am: ['ሙሉ በሙሉ የቀላ ፍሬ ብቻ በሶስት ወይም በአራት ዙር ይልቀሙ።', 'ፍሬውን በዚያው ቀን ለእሸት ማጠቢያ ጣቢያ ያስረክቡ።'],
    created_at: '2025-10-05T06:00:00.000Z',
  },
  {
    ref: 'adv-coffee-raised-beds-chume',
    sub_practice: 'sp-coffee-raised-beds',
    level: 'kebele',
    admin_code: P.dale.chume,
    label: 'Chume: drying on raised beds',
    template_content: [
      'Dry natural coffee on raised mesh beds, 3–4 cm deep, turning it often.',
      'Cover the beds at night and when it rains.',
    ],
    template_content_am: [
      'ያልታጠበ ቡናን ከፍ ባለ የሽቦ አልጋ ላይ ከ3–4 ሳ.ሜ ውፍረት አድርገው ደጋግመው እየገለበጡ ያድርቁ።',
      'ማታና ዝናብ ሲዘንብ አልጋውን ይሸፍኑ።',
    ],
    created_at: '2025-10-12T06:00:00.000Z',
  },
  {
    ref: 'adv-coffee-shade-wendo-genet',
    sub_practice: 'sp-coffee-shade-trees',
    level: 'woreda',
    admin_code: P.wendoGenet.woreda,
    label: null,
    template_content: [
      'Keep about 40% shade: prune shade trees before the main rains and keep Albizia and Cordia.',
    ],
    template_content_am: ['40% አካባቢ ጥላ ይጠብቁ፤ ከዋናው ዝናብ በፊት የጥላ ዛፎችን ይግረዙ፤ ሰሳና ዋንዛን ይንከባከቡ።'],
    created_at: '2025-03-15T07:00:00.000Z',
  },
  {
    ref: 'adv-potato-dls-amhara',
    sub_practice: 'sp-potato-dls',
    level: 'region',
    admin_code: P.amhara.region,
    label: 'Seed potato storage',
    template_content: [
      'Store seed potatoes in a single layer in a diffused light store; they sprout short and strong.',
    ],
    template_content_am: ['የዘር ድንችን በተሰራጨ ብርሃን መጋዘን ውስጥ በአንድ ረድፍ ያከማቹ፤ አጭርና ጠንካራ ቡቃያ ያወጣል።'],
    created_at: '2025-01-20T08:00:00.000Z',
  },
  {
    ref: 'adv-faba-inoculate-north-gojam',
    sub_practice: 'sp-faba-inoculate',
    level: 'zone',
    admin_code: P.amhara.zone,
    label: null,
    template_content: [],
    template_content_am: [],
    created_at: '2025-06-10T08:00:00.000Z',
  },
];
