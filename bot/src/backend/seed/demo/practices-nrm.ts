import { practice, sub } from './tree';
import type { DemoPracticeTree } from './types';

/** Natural resource practices, as in the watershed guidelines, by value chain. */
export const NRM_PRACTICES: Record<string, DemoPracticeTree[]> = {
  'vc-swc': [
    practice('pr-swc-bunds', 'Terraces and bunds', 'እርከንና ክትር', [
      sub('sp-swc-soil-bund', 'Soil bund', 'የአፈር ክትር'),
      sub('sp-swc-stone-bund', 'Stone bund', 'የድንጋይ ክትር'),
    ]),
    practice('pr-swc-check-dams', 'Check dams', 'የቦረቦር ማገጃ ግድብ', [
      sub('sp-swc-loose-rock', 'Loose-rock check dam', 'የድንጋይ ክምር ማገጃ'),
    ]),
    practice('pr-swc-closure', 'Area closure', 'የተከለለ ቦታ', [
      sub('sp-swc-cut-carry', 'Cut-and-carry grass', 'ሳር አጭዶ መመገብ'),
    ]),
  ],
  'vc-agroforestry': [
    practice('pr-af-boundary', 'Trees on farm boundaries', 'በማሳ ዳር ዛፍ መትከል', [
      sub('sp-af-grevillea', 'Grevillea and Cordia seedlings', 'የግራቪሊያና የዋንዛ ችግኞች'),
    ]),
    practice('pr-af-fodder', 'Fodder trees', 'የመኖ ዛፎች', [
      sub('sp-af-sesbania', 'Sesbania and tree lucerne on bunds', 'ሴስባኒያና ትሪ ሉሰርን በክትር ላይ'),
    ]),
  ],
  'vc-irrigation': [
    practice('pr-irr-ponds', 'Water harvesting ponds', 'የውሃ ማሰባሰቢያ ኩሬ', [
      sub('sp-irr-lined-pond', 'Lined household pond', 'የተነጠፈ የቤተሰብ ኩሬ'),
    ]),
    practice('pr-irr-scheduling', 'Irrigation scheduling', 'የመስኖ ውሃ አጠቃቀም', [
      sub('sp-irr-furrow', 'Furrow irrigation every 5–7 days', 'በየ5–7 ቀኑ በቦይ ማጠጣት'),
    ]),
    practice('pr-irr-drip', 'Drip irrigation', 'የጠብታ መስኖ', [
      sub('sp-irr-drip-kit', 'Family drip kit', 'የቤተሰብ የጠብታ መስኖ መሳሪያ'),
    ]),
  ],
  'vc-compost': [
    practice('pr-compost-making', 'Compost preparation', 'ኮምፖስት ዝግጅት', [
      sub('sp-compost-pit', 'Pit method', 'በጉድጓድ ዘዴ'),
      sub('sp-compost-heap', 'Heap method', 'በክምር ዘዴ'),
    ]),
    practice('pr-compost-vermi', 'Vermicompost', 'የትል ኮምፖስት', [
      sub('sp-compost-worms', 'Red wiggler worms', 'ቀይ የኮምፖስት ትሎች'),
    ]),
  ],
};
