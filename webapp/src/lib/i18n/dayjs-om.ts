/**
 * Afaan Oromo for dayjs, which ships no `om` locale: only what the notification list reads
 * (durations, "daqiiqaa 5"; the noun before the number, as Oromo says it) and the names of
 * days and months. Loaded lazily, like dayjs's own Amharic, the first time Oromo is needed.
 */
const om: ILocale = {
  name: 'om',
  weekdays: 'Dilbata_Wiixata_Qibxata_Roobii_Kamiisa_Jimaata_Sanbata'.split('_'),
  months:
    'Amajjii_Guraandhala_Bitootessa_Elba_Caamsaa_Waxabajjii_Adooleessa_Hagayya_Fulbaana_Onkoloolessa_Sadaasa_Muddee'.split(
      '_',
    ),
  weekStart: 1,
  formats: { LT: 'HH:mm', L: 'DD/MM/YYYY' },
  relativeTime: {
    future: '%s booda',
    past: '%s dura',
    s: 'sekondii muraasa',
    m: 'daqiiqaa tokko',
    mm: 'daqiiqaa %d',
    h: "sa'aatii tokko",
    hh: "sa'aatii %d",
    d: 'guyyaa tokko',
    dd: 'guyyaa %d',
    M: "ji'a tokko",
    MM: "ji'a %d",
    y: 'waggaa tokko',
    yy: 'waggaa %d',
  },
};

export default om;
