import { practice, sub } from './tree';
import type { DemoPracticeTree } from './types';

/** Crop practices as the extension packages of MoA and EIAR recommend them, by value chain. */
export const PLANT_PRACTICES: Record<string, DemoPracticeTree[]> = {
  'vc-teff': [
    practice('pr-teff-row-planting', 'Row planting', 'በመስመር መዝራት', [
      sub('sp-teff-seed-rate', 'Seed rate 5–7 kg/ha', 'የዘር መጠን በሄክታር 5–7 ኪ.ግ'),
      sub('sp-teff-row-spacing', 'Row spacing 20 cm', 'በመስመሮች መካከል 20 ሳ.ሜ ርቀት'),
    ]),
    practice('pr-teff-variety', 'Improved variety (Quncho, Boset)', 'ምርጥ ዝርያ (ቁንጮ፣ ቦሰት)', [
      sub('sp-teff-quncho', 'Certified Quncho seed', 'የተረጋገጠ የቁንጮ ዘር'),
      sub('sp-teff-boset', 'Boset for moisture-stress areas', 'ቦሰት ለእርጥበት እጥረት አካባቢዎች'),
    ]),
    practice('pr-teff-fertilizer', 'Fertilizer application (NPS + urea)', 'የማዳበሪያ አጠቃቀም (ኤን.ፒ.ኤስ እና ዩሪያ)', [
      sub('sp-teff-nps', 'NPS 100 kg/ha at sowing', 'ኤን.ፒ.ኤስ በሄክታር 100 ኪ.ግ በዘር ወቅት'),
      sub('sp-teff-urea', 'Urea 50 kg/ha, split', 'ዩሪያ በሄክታር 50 ኪ.ግ ተከፍሎ'),
    ]),
    practice('pr-teff-weeding', 'Weed management', 'የአረም ቁጥጥር', [
      sub('sp-teff-hand-weeding', 'Hand weeding twice', 'ሁለት ጊዜ በእጅ ማረም'),
    ]),
  ],
  'vc-wheat': [
    practice('pr-wheat-variety', 'Rust-resistant variety', 'ዋግ የሚቋቋም ዝርያ', [
      sub('sp-wheat-seed', 'Certified seed 125–150 kg/ha', 'የተረጋገጠ ዘር በሄክታር 125–150 ኪ.ግ'),
    ]),
    practice('pr-wheat-row-planting', 'Row planting', 'በመስመር መዝራት', [
      sub('sp-wheat-row-spacing', 'Row spacing 20 cm', 'በመስመሮች መካከል 20 ሳ.ሜ ርቀት'),
    ]),
    practice('pr-wheat-rust', 'Rust management', 'የዋግ በሽታ ቁጥጥር', [
      sub('sp-wheat-scouting', 'Weekly field scouting', 'ሳምንታዊ የማሳ ቅኝት'),
      sub('sp-wheat-fungicide', 'Fungicide at first symptoms', 'በመጀመሪያ ምልክት ፀረ-ፈንገስ መርጨት'),
    ]),
  ],
  'vc-maize': [
    practice('pr-maize-hybrid', 'Hybrid seed (BH-661, BH-546)', 'ዲቃላ ዘር (ቢኤች-661፣ ቢኤች-546)', [
      sub('sp-maize-spacing', 'Spacing 75 × 25 cm', 'የተከላ ርቀት 75 × 25 ሳ.ሜ'),
    ]),
    practice('pr-maize-fertilizer', 'Fertilizer application', 'የማዳበሪያ አጠቃቀም', [
      sub('sp-maize-nps', 'NPS at planting', 'ኤን.ፒ.ኤስ በተከላ ወቅት'),
      sub('sp-maize-urea', 'Urea at knee height', 'ዩሪያ በጉልበት ቁመት ወቅት'),
    ]),
    practice('pr-maize-faw', 'Fall armyworm management', 'የአሜሪካ መጤ ተምች ቁጥጥር', [
      sub('sp-maize-faw-scouting', 'Weekly scouting', 'ሳምንታዊ ቅኝት'),
      sub('sp-maize-faw-handpick', 'Hand-picking larvae', 'እጮችን በእጅ መልቀም'),
    ]),
  ],
  'vc-barley': [
    practice('pr-barley-variety', 'Improved food and malt barley', 'ምርጥ የምግብና የቢራ ገብስ', [
      sub('sp-barley-seed-rate', 'Seed rate 100–125 kg/ha', 'የዘር መጠን በሄክታር 100–125 ኪ.ግ'),
    ]),
    practice('pr-barley-lime', 'Acid soil management', 'የአሲዳማ አፈር አያያዝ', [
      sub('sp-barley-lime', 'Lime applied in rows', 'ኖራን በመስመር መጨመር'),
    ]),
  ],
  'vc-sorghum': [
    practice('pr-sorghum-variety', 'Improved variety (Melkam, Teshale)', 'ምርጥ ዝርያ (መልካም፣ ተሻለ)', [
      sub('sp-sorghum-seed-rate', 'Seed rate 10–12 kg/ha', 'የዘር መጠን በሄክታር 10–12 ኪ.ግ'),
    ]),
    practice('pr-sorghum-striga', 'Striga management', 'የአክርንጫ ቁጥጥር', [
      sub('sp-sorghum-striga-variety', 'Striga-resistant variety', 'አክርንጫን የሚቋቋም ዝርያ'),
      sub('sp-sorghum-striga-pulling', 'Pull striga before it flowers', 'አክርንጫን ሳያብብ መንቀል'),
    ]),
    practice('pr-sorghum-tied-ridges', 'Tied ridges', 'የታሰሩ ቦዮች', [
      sub('sp-sorghum-ridges', 'Tie ridges every 3–5 m', 'ቦዮችን በየ3–5 ሜትር ማሰር'),
    ]),
  ],
  'vc-faba-bean': [
    practice('pr-faba-variety', 'Improved variety (Gebelcho, Dosha)', 'ምርጥ ዝርያ (ገበልቾ፣ ዶሻ)', [
      sub('sp-faba-spacing', 'Spacing 40 × 10 cm', 'የመዝሪያ ርቀት 40 × 10 ሳ.ሜ'),
    ]),
    practice('pr-faba-rhizobium', 'Rhizobium inoculation', 'በራይዞቢየም ማከም', [
      sub('sp-faba-inoculate', 'Inoculate seed before sowing', 'ዘሩን ከመዝራት በፊት ማከም'),
    ]),
    practice('pr-faba-gall', 'Faba bean gall management', 'የባቄላ ሐሞት በሽታ ቁጥጥር', [
      sub('sp-faba-gall-fungicide', 'Fungicide spray', 'ፀረ-ፈንገስ መርጨት'),
    ]),
  ],
  'vc-haricot-bean': [
    practice('pr-haricot-variety', 'Improved variety (Nasir, Awash-1)', 'ምርጥ ዝርያ (ናስር፣ አዋሽ-1)', [
      sub('sp-haricot-spacing', 'Spacing 40 × 10 cm', 'የመዝሪያ ርቀት 40 × 10 ሳ.ሜ'),
    ]),
    practice('pr-haricot-storage', 'Harvest and storage', 'ምርት አሰባሰብና ክምችት', [
      sub('sp-haricot-drying', 'Dry to 12% moisture', 'እርጥበቱ 12% እስኪደርስ ማድረቅ'),
      sub('sp-haricot-bags', 'Hermetic storage bags', 'አየር የማያስገቡ ከረጢቶች'),
    ]),
  ],
  'vc-coffee': [
    practice('pr-coffee-planting', 'Seedling planting', 'ችግኝ መትከል', [
      sub('sp-coffee-pits', 'Pits 60 × 60 × 60 cm', 'ጉድጓድ 60 × 60 × 60 ሳ.ሜ'),
      sub('sp-coffee-spacing', 'Spacing 2 × 2 m', 'የተከላ ርቀት 2 × 2 ሜትር'),
    ]),
    practice('pr-coffee-shade', 'Shade management', 'የጥላ ዛፍ አያያዝ', [
      sub('sp-coffee-shade-trees', 'Keep Albizia and Cordia shade', 'የሰሳና የዋንዛ ጥላ መጠበቅ'),
    ]),
    practice('pr-coffee-stumping', 'Stumping old trees', 'ያረጁ ዛፎችን መጎንደል', [
      sub('sp-coffee-stump-height', 'Stump at 30–40 cm', 'ከ30–40 ሳ.ሜ ከፍታ ላይ መጎንደል'),
    ]),
    practice('pr-coffee-harvest', 'Red cherry harvest and drying', 'ቀይ ፍሬ ለቀማና ማድረቅ', [
      sub('sp-coffee-red-cherry', 'Pick red cherries only', 'ቀዩን ፍሬ ብቻ መልቀም'),
      sub('sp-coffee-raised-beds', 'Dry on raised beds', 'ከፍ ባለ አልጋ ላይ ማድረቅ'),
    ]),
  ],
  'vc-potato': [
    practice('pr-potato-variety', 'Improved variety (Gudanie, Belete)', 'ምርጥ ዝርያ (ጉደኔ፣ በለጠ)', [
      sub('sp-potato-seed-size', 'Seed tubers 35–55 g', 'የዘር ድንች መጠን 35–55 ግራም'),
    ]),
    practice('pr-potato-blight', 'Late blight management', 'የድንች ዋግ ቁጥጥር', [
      sub('sp-potato-blight-spray', 'Fungicide at first symptoms', 'በመጀመሪያ ምልክት ፀረ-ፈንገስ መርጨት'),
    ]),
    practice('pr-potato-storage', 'Diffused light storage', 'በተሰራጨ ብርሃን ማከማቸት', [
      sub('sp-potato-dls', 'Store seed in a DLS store', 'ዘርን በተሰራጨ ብርሃን መጋዘን ማከማቸት'),
    ]),
  ],
};
