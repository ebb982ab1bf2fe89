/**
 * The admin areas the demo content uses, by code in the shipped admin files (admin/*.csv).
 * Chosen where the extension themes are real: teff and wheat around Bahir Dar and Mecha,
 * dairy and teff in Ada'a and Lume (East Shewa), beekeeping and watershed work in Atsbi and
 * Kilte Awlalo (Abrha We Atsbeha), coffee in Dale and Wendo Genet (Sidama).
 */
export const PLACES = {
  amhara: { region: 'ET03', zone: 'ET0313' /* North Gojam */ },
  bahirDarZuria: { woreda: 'ET031702', danamariyam: 'ET031702888001', yegodi: 'ET031702888002' },
  mecha: { woreda: 'ET031304' /* Semen Mecha */, adisAmba: 'ET031704888002' },
  oromia: { region: 'ET04', zone: 'ET0407' /* East Shewa */ },
  adaa: { woreda: 'ET040706' /* Adea (Ada'a) */, yererSelase: 'ET040706888002', godino: 'ET040706888003' },
  lume: { woreda: 'ET040704', ejereWelkite: 'ET040704888003' },
  tigray: { region: 'ET01', zone: 'ET0103' /* Eastern */ },
  atsbi: { woreda: 'ET010307' /* Atsbi Wenberta */, hadnet: 'ET010307888003' },
  kilteAwlalo: { woreda: 'ET010306', abrhaWeAtsbeha: 'ET010306888009' },
  sidama: { region: 'ET16', zone: 'ET1600' },
  dale: { woreda: 'ET080303-2', chume: 'ET080303888003' },
  wendoGenet: { woreda: 'ET080209-2', woshaSoyama: 'ET080209888001' },
} as const;
