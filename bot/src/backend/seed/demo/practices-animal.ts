import { practice, sub } from './tree';
import type { DemoPracticeTree } from './types';

/** Livestock practices, by value chain. */
export const ANIMAL_PRACTICES: Record<string, DemoPracticeTree[]> = {
  'vc-dairy': [
    practice('pr-dairy-forage', 'Improved forage', 'የተሻሻለ የእንስሳት መኖ ልማት', [
      sub('sp-dairy-napier', 'Napier grass on bunds', 'የዝሆን ሳር በክትር ላይ'),
      sub('sp-dairy-oats-vetch', 'Oats and vetch mixture', 'የአጃና የቬች ድብልቅ'),
    ]),
    practice('pr-dairy-ai', 'Artificial insemination (AI)', 'ሰው ሰራሽ ማዳቀል', [
      sub('sp-dairy-heat-detection', 'Heat detection', 'የማስፈለግ ምልክት መለየት'),
      sub('sp-dairy-ai-timing', 'Inseminate 12 hours after heat', 'ማስፈለግ ከታየ ከ12 ሰዓት በኋላ ማዳቀል'),
    ]),
    practice('pr-dairy-calf', 'Calf management', 'የጥጃ አያያዝ', [
      sub('sp-dairy-colostrum', 'Colostrum within one hour', 'በአንድ ሰዓት ውስጥ እንገር ማጠጣት'),
      sub('sp-dairy-navel', 'Navel disinfection', 'እንብርትን በፀረ-ተህዋስ ማፅዳት'),
    ]),
    practice('pr-dairy-hygiene', 'Milk hygiene', 'የወተት ንፅህና', [
      sub('sp-dairy-udder', 'Clean udder and hands', 'ጡትና እጅን ማፅዳት'),
      sub('sp-dairy-containers', 'Clean aluminium containers', 'ንፁህ የአሉሚኒየም እቃዎች'),
    ]),
  ],
  'vc-poultry': [
    practice('pr-poultry-vaccination', 'Vaccination', 'ክትባት', [
      sub('sp-poultry-newcastle', 'Newcastle disease vaccine', 'የፈንግል (ኒውካስል) በሽታ ክትባት'),
      sub('sp-poultry-gumboro', 'Gumboro vaccine', 'የጉምቦሮ ክትባት'),
    ]),
    practice('pr-poultry-housing', 'Housing', 'የዶሮ ቤት', [
      sub('sp-poultry-space', '4–5 layers per square metre', 'በካሬ ሜትር 4–5 ዶሮዎች'),
      sub('sp-poultry-litter', 'Dry litter', 'ደረቅ ጉዝጓዝ'),
    ]),
    practice('pr-poultry-feeding', 'Feeding', 'መኖ አመጋገብ', [
      sub('sp-poultry-ration', 'Balanced layer ration', 'የተመጣጠነ የእንቁላል ዶሮ መኖ'),
    ]),
  ],
  'vc-apiculture': [
    practice('pr-api-hive', 'Modern hive (transitional or frame)', 'ዘመናዊ ቀፎ (የሽግግር ወይም ባለፍሬም)', [
      sub('sp-api-transitional', 'Transitional top-bar hive', 'የሽግግር ቀፎ'),
      sub('sp-api-frame', 'Frame hive', 'ባለፍሬም ዘመናዊ ቀፎ'),
    ]),
    practice('pr-api-colony', 'Colony management', 'የንብ መንጋ አያያዝ', [
      sub('sp-api-dry-feeding', 'Dry-season feeding', 'በበጋ ወቅት መመገብ'),
      sub('sp-api-swarm', 'Swarm control', 'የንብ መኮብለልን መቆጣጠር'),
    ]),
    practice('pr-api-harvest', 'Honey harvesting', 'የማር ቆረጣ', [
      sub('sp-api-capped', 'Harvest capped combs only', 'የታሸገ እንጀራ ብቻ መቁረጥ'),
      sub('sp-api-smoker', 'Smoker and protective clothing', 'ማጨሻና መከላከያ ልብስ'),
    ]),
  ],
  'vc-small-ruminants': [
    practice('pr-sr-breeding', 'Community-based breeding', 'የማህበረሰብ አቀፍ የዝርያ ማሻሻያ', [
      sub('sp-sr-ram-selection', 'Select the best rams', 'ምርጥ የበግ አውራዎችን መምረጥ'),
    ]),
    practice('pr-sr-health', 'Animal health', 'የእንስሳት ጤና', [
      sub('sp-sr-deworming', 'Deworm before the rains', 'ከዝናብ በፊት የውስጥ ጥገኛ ማስወገድ'),
      sub('sp-sr-ppr', 'PPR vaccination', 'የበግና ፍየል ደስታ በሽታ ክትባት'),
    ]),
  ],
  'vc-fattening': [
    practice('pr-fat-selection', 'Animal selection', 'የሚደልቡ እንስሳትን መምረጥ', [
      sub('sp-fat-young-bulls', 'Healthy young bulls', 'ጤናማ ወጣት በሬዎች'),
    ]),
    practice('pr-fat-feeding', 'Fattening ration', 'የማድለቢያ መኖ', [
      sub('sp-fat-urea-straw', 'Urea-treated straw', 'በዩሪያ የታከመ ገለባ'),
      sub('sp-fat-concentrate', 'Concentrate 2–3 kg a day', 'በቀን 2–3 ኪ.ግ የተመጣጠነ መኖ'),
    ]),
  ],
};
