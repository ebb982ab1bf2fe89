import { parseCsvRecords } from '@gebere/bot/csv';
import type { AdminData, Kebele, Region, Woreda, Zone } from '@gebere/bot/seed';
import { RELOCATE_BY_RAW_WOREDA, RELOCATE_BY_RAW_ZONE, WOREDA_CODE_FIXES } from './admin-fixes';
import { type AdminLevelName, cleanLabel, disambiguate, kebeleKind } from './admin-labels';

/** The four raw files' texts (region.csv, zone.csv, woreda.csv, kebele.csv). */
export interface RawAdminTexts {
  region: string;
  zone: string;
  woreda: string;
  kebele: string;
}

interface LabelCounts {
  /** Labels changed by the hygiene rules. */
  labelsCleaned: number;
  /** Bare-number labels given the level's word. */
  labelsNumbered: number;
  /** Labels given a suffix because a sibling had the same name. */
  labelsDisambiguated: number;
}

export interface Skipped {
  code: string;
  parent: string;
  reason: string;
}

export interface CleanReport {
  regions: LabelCounts & { in: number; out: number; codesRewritten: number };
  zones: LabelCounts & { in: number; out: number; skipped: Skipped[]; withoutWoredas: string[] };
  woredas: LabelCounts & {
    in: number;
    out: number;
    skipped: Skipped[];
    zoneExact: number;
    zoneRewritten: number;
    relocated: Array<{ code: string; name: string; rawZone: string; zone: string; why: string }>;
    codeKept: number;
    codePadded: number;
    /** Bare numbers whose padded form is another woreda's code: given `-2`. */
    codeSuffixed: string[];
    codeFixed: Array<{ from: string; to: string }>;
    withoutKebeles: string[];
  };
  kebeles: LabelCounts & {
    in: number;
    out: number;
    skipped: Skipped[];
    woredaExact: number;
    woredaPadded: number;
    /** Kebeles whose woreda code is two woredas' code, told apart by the kebele's own code. */
    splitToRenumbered: number;
    splitToExisting: number;
  };
}

const byCode = <T extends { code: string }>(a: T, b: T) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
const zeroLabels = (): LabelCounts => ({ labelsCleaned: 0, labelsNumbered: 0, labelsDisambiguated: 0 });

function label(raw: string, level: AdminLevelName, counts: LabelCounts): string {
  const name = cleanLabel(raw, level);
  if (name !== raw) counts.labelsCleaned++;
  if (/^\d+$/.test(raw.trim())) counts.labelsNumbered++;
  return name;
}

/** `region_et14` → `ET14`; anything else is returned unchanged (and will fail the lookup). */
export const regionCode = (raw: string): string => raw.replace(/^region_et(\d{2})$/i, 'ET$1');

/** A woreda's zone as written, or `'ET' + zfill(4)` when it lacks the prefix (216 rows). */
export function fixZoneCode(raw: string, zones: ReadonlySet<string>): string | undefined {
  if (zones.has(raw)) return raw;
  if (/^\d{1,4}$/.test(raw)) {
    const padded = `ET${raw.padStart(4, '0')}`;
    if (zones.has(padded)) return padded;
  }
  return undefined;
}

export function cleanAdmin(texts: RawAdminTexts): { data: AdminData; report: CleanReport } {
  const rawRegions = parseCsvRecords(texts.region, ['label', 'name']);
  const rawZones = parseCsvRecords(texts.zone, ['region', 'name', 'label']);
  const rawWoredas = parseCsvRecords(texts.woreda, ['zone', 'name', 'label']);
  const rawKebeles = parseCsvRecords(texts.kebele, ['name', 'label', 'woreda']);

  // Regions: only the code form changes.
  const rr: CleanReport['regions'] = { in: rawRegions.length, out: 0, codesRewritten: 0, ...zeroLabels() };
  const regions: Region[] = rawRegions.map((r) => {
    const code = regionCode(r.name);
    if (code !== r.name) rr.codesRewritten++;
    return { code, name: label(r.label, 'region', rr) };
  });
  const regionSet = new Set(regions.map((r) => r.code));

  const zr: CleanReport['zones'] = {
    in: rawZones.length,
    out: 0,
    skipped: [],
    withoutWoredas: [],
    ...zeroLabels(),
  };
  const zones: Zone[] = [];
  for (const z of rawZones) {
    const region_code = regionCode(z.region);
    if (!regionSet.has(region_code)) {
      zr.skipped.push({ code: z.name, parent: z.region, reason: 'region not found' });
      continue;
    }
    zones.push({ code: z.name, region_code, name: label(z.label, 'zone', zr) });
  }
  const zoneSet = new Set(zones.map((z) => z.code));

  const { woredas, wr, resolveWoreda } = cleanWoredas(rawWoredas, zoneSet);

  const kr: CleanReport['kebeles'] = {
    in: rawKebeles.length,
    out: 0,
    skipped: [],
    woredaExact: 0,
    woredaPadded: 0,
    splitToRenumbered: 0,
    splitToExisting: 0,
    ...zeroLabels(),
  };
  const kebeles: Kebele[] = [];
  const kebeleCodes = new Set<string>();
  for (const k of rawKebeles) {
    if (!/^ET\d{12}$/.test(k.name) || kebeleCodes.has(k.name)) {
      kr.skipped.push({ code: k.name, parent: k.woreda, reason: 'bad or repeated kebele code' });
      continue;
    }
    const woreda = resolveWoreda(k.woreda, k.name, kr);
    if (!woreda) {
      kr.skipped.push({ code: k.name, parent: k.woreda, reason: 'woreda not found' });
      continue;
    }
    kebeleCodes.add(k.name);
    kebeles.push({ code: k.name, woreda_code: woreda, name: label(k.label, 'kebele', kr) });
  }

  // Siblings with one name: disambiguate per parent. Kebeles can often be told apart as
  // urban/rural by their code; woredas and zones only by number.
  const asLabelled = <T extends { code: string; name: string }>(items: T[], parent: (t: T) => string) =>
    items.map((t) => ({ item: t, l: { code: t.code, parent: parent(t), name: t.name } }));
  const apply = <T extends { code: string; name: string }>(
    items: T[],
    parent: (t: T) => string,
    counts: LabelCounts,
    kind?: (x: { code: string }) => string,
  ) => {
    const pairs = asLabelled(items, parent);
    counts.labelsDisambiguated = disambiguate(
      pairs.map((p) => p.l),
      kind,
    );
    for (const p of pairs) p.item.name = p.l.name;
  };
  apply(zones, (z) => z.region_code, zr);
  apply(woredas, (w) => w.zone_code, wr);
  apply(kebeles, (k) => k.woreda_code, kr, kebeleKind);

  const used = (codes: Iterable<string>) => new Set(codes);
  const zonesUsed = used(woredas.map((w) => w.zone_code));
  const woredasUsed = used(kebeles.map((k) => k.woreda_code));
  zr.withoutWoredas = zones.filter((z) => !zonesUsed.has(z.code)).map((z) => `${z.code} ${z.name}`);
  wr.withoutKebeles = woredas.filter((w) => !woredasUsed.has(w.code)).map((w) => `${w.code} ${w.name}`);

  rr.out = regions.length;
  zr.out = zones.length;
  wr.out = woredas.length;
  kr.out = kebeles.length;
  return {
    data: {
      regions: regions.sort(byCode),
      zones: zones.sort(byCode),
      woredas: woredas.sort(byCode),
      kebeles: kebeles.sort(byCode),
    },
    report: { regions: rr, zones: zr, woredas: wr, kebeles: kr },
  };
}

type RawWoreda = { zone: string; name: string; label: string };

function cleanWoredas(rawWoredas: RawWoreda[], zoneSet: ReadonlySet<string>) {
  const wr: CleanReport['woredas'] = {
    in: rawWoredas.length,
    out: 0,
    skipped: [],
    zoneExact: 0,
    zoneRewritten: 0,
    relocated: [],
    codeKept: 0,
    codePadded: 0,
    codeSuffixed: [],
    codeFixed: [],
    withoutKebeles: [],
    ...zeroLabels(),
  };
  // Codes written with `ET` (and the hand-fixed ones) keep their code; a bare number whose
  // padded form is one of these gets `-2`: the 55 collisions have different names, so the
  // bare numbers are a parallel numbering, not a missing prefix.
  const written = new Set(rawWoredas.filter((w) => w.name.startsWith('ET')).map((w) => w.name));
  for (const fixed of Object.values(WOREDA_CODE_FIXES)) written.add(fixed);

  const woredas: Woreda[] = [];
  /** Kebele `woreda` value → woreda written with that code. */
  const exact = new Map<string, string>();
  /** Kebele `woreda` value → bare-number (or hand-fixed) woreda that pads to it. */
  const padded = new Map<string, string>();
  const codes = new Set<string>();

  for (const w of rawWoredas) {
    let zone = fixZoneCode(w.zone, zoneSet);
    if (!zone) {
      wr.skipped.push({ code: w.name, parent: w.zone, reason: 'zone not found' });
      continue;
    }
    if (zone === w.zone) wr.zoneExact++;
    else wr.zoneRewritten++;

    let code: string;
    const fixed = WOREDA_CODE_FIXES[w.name];
    if (fixed) {
      code = fixed;
      wr.codeFixed.push({ from: w.name, to: fixed });
      padded.set(fixed, fixed);
    } else if (/^ET\d+$/.test(w.name)) {
      code = w.name;
      wr.codeKept++;
      exact.set(w.name, code);
    } else if (/^\d{1,6}$/.test(w.name)) {
      const pad = `ET${w.name.padStart(6, '0')}`;
      code = written.has(pad) ? `${pad}-2` : pad;
      if (code === pad) wr.codePadded++;
      else wr.codeSuffixed.push(code);
      padded.set(pad, code);
    } else {
      wr.skipped.push({ code: w.name, parent: w.zone, reason: 'unrecognised woreda code' });
      continue;
    }
    if (codes.has(code)) throw new Error(`woreda code ${code} would repeat`);
    codes.add(code);

    const move = RELOCATE_BY_RAW_WOREDA[w.name] ?? RELOCATE_BY_RAW_ZONE[w.zone];
    if (move) {
      if (!zoneSet.has(move.zone)) throw new Error(`relocation target ${move.zone} is not a zone`);
      wr.relocated.push({ code, name: w.label, rawZone: w.zone, zone: move.zone, why: move.why });
      zone = move.zone;
    }
    woredas.push({ code, zone_code: zone, name: label(w.label, 'woreda', wr) });
  }

  /**
   * A kebele's woreda: the woreda written with that code, else the bare-number one that pads to
   * it. When both exist (the 55 collisions) the kebele's own code decides: kebeles whose code
   * starts with the woreda code belong to the bare-number woreda (its numbering is the one the
   * kebele codes follow: Dessie's `Boru Meda`, Hawassa Zuriya's `Dore Bafano 01`, Adama's
   * `06 Kebele`), the others, coded in the older numbering, to the woreda written with `ET`
   * (Bedelle's `Bedelle 01`, Boloso Sore's `Afama Mino`). The README's zone-prefix heuristic
   * cannot decide these: in most collisions both woredas are in the same zone.
   */
  const resolveWoreda = (ref: string, kebeleCode: string, kr: CleanReport['kebeles']): string | undefined => {
    const e = exact.get(ref);
    const p = padded.get(ref);
    if (e && p) {
      if (kebeleCode.startsWith(ref)) {
        kr.splitToRenumbered++;
        return p;
      }
      kr.splitToExisting++;
      return e;
    }
    if (e) kr.woredaExact++;
    else if (p) kr.woredaPadded++;
    return e ?? p;
  };
  return { woredas, wr, resolveWoreda };
}
