import type { DemoCategory, DemoRole, DemoValueChain } from './types';

/** The three value-chain categories the spec's strings name. */
export const DEMO_CATEGORIES: DemoCategory[] = [
  { ref: 'cat-plant', name: 'Plant science', name_am: 'የእፅዋት ሳይንስ' },
  { ref: 'cat-animal', name: 'Animal science', name_am: 'የእንስሳት ሳይንስ' },
  { ref: 'cat-nrm', name: 'Natural resource management', name_am: 'የተፈጥሮ ሀብት አያያዝ' },
];

export const DEMO_VALUE_CHAINS: DemoValueChain[] = [
  { ref: 'vc-teff', category: 'cat-plant', name: 'Teff', name_am: 'ጤፍ' },
  { ref: 'vc-wheat', category: 'cat-plant', name: 'Wheat', name_am: 'ስንዴ' },
  { ref: 'vc-maize', category: 'cat-plant', name: 'Maize', name_am: 'በቆሎ' },
  { ref: 'vc-barley', category: 'cat-plant', name: 'Barley', name_am: 'ገብስ' },
  { ref: 'vc-sorghum', category: 'cat-plant', name: 'Sorghum', name_am: 'ማሽላ' },
  { ref: 'vc-faba-bean', category: 'cat-plant', name: 'Faba bean', name_am: 'ባቄላ' },
  { ref: 'vc-haricot-bean', category: 'cat-plant', name: 'Haricot bean', name_am: 'ቦሎቄ' },
  { ref: 'vc-coffee', category: 'cat-plant', name: 'Coffee', name_am: 'ቡና' },
  { ref: 'vc-potato', category: 'cat-plant', name: 'Potato', name_am: 'ድንች' },
  { ref: 'vc-dairy', category: 'cat-animal', name: 'Dairy', name_am: 'የወተት ከብት እርባታ' },
  { ref: 'vc-poultry', category: 'cat-animal', name: 'Poultry', name_am: 'የዶሮ እርባታ' },
  { ref: 'vc-apiculture', category: 'cat-animal', name: 'Apiculture (beekeeping)', name_am: 'የንብ ማነብ' },
  {
    ref: 'vc-small-ruminants',
    category: 'cat-animal',
    name: 'Small ruminants (sheep and goats)',
    name_am: 'የበግና የፍየል እርባታ',
  },
  { ref: 'vc-fattening', category: 'cat-animal', name: 'Fattening', name_am: 'የእንስሳት ማድለብ' },
  {
    ref: 'vc-swc',
    category: 'cat-nrm',
    name: 'Soil and water conservation',
    name_am: 'የአፈርና ውሃ ጥበቃ',
  },
  { ref: 'vc-agroforestry', category: 'cat-nrm', name: 'Agroforestry', name_am: 'የግብርና ደን ልማት' },
  {
    ref: 'vc-irrigation',
    category: 'cat-nrm',
    name: 'Small-scale irrigation and water harvesting',
    name_am: 'አነስተኛ መስኖና የውሃ ማሰባሰብ',
  },
  { ref: 'vc-compost', category: 'cat-nrm', name: 'Compost', name_am: 'ኮምፖስት' },
];

/** DA roles (the DA form's role select); the backend gives them ids. */
export const DEMO_ROLES: DemoRole[] = [
  { ref: 'role-crop', name: 'Crop DA', name_am: 'የሰብል ልማት ሰራተኛ' },
  { ref: 'role-livestock', name: 'Livestock DA', name_am: 'የእንስሳት ልማት ሰራተኛ' },
  { ref: 'role-nrm', name: 'Natural Resource DA', name_am: 'የተፈጥሮ ሀብት ልማት ሰራተኛ' },
  { ref: 'role-cooperative', name: 'Cooperative', name_am: 'የኅብረት ሥራ ባለሙያ' },
  { ref: 'role-supervisor', name: 'Supervisor', name_am: 'ተቆጣጣሪ (ሱፐርቫይዘር)' },
];
