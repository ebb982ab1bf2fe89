import { FEEDBACK_TYPES } from '@gebere/contract';
import { normalizePhone, PHONE_PATTERN } from '@gebere/phone';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, loadAdminData } from './admin-data';
import { DEMO_CHAT_USERS } from './demo/chat-users';
import { DEMO_PEOPLE as P } from './demo-content';
import { loadSamples, type Samples } from './samples';

const ETHIOPIC = /\p{Script=Ethiopic}/u;
type Row = Record<string, string>;
const by = (rows: Row[], column = 'code') => new Map(rows.map((r) => [r[column] as string, r]));
const lines = (cell = '') => cell.split('\n').filter((p) => p.trim());
/** The names and texts of the samples in a language: `name_am`, `label_om`, `template_content_om`… */
const texts = (s: Samples, lang: 'am' | 'om') =>
  Object.values(s.rows).flatMap((rows) =>
    rows.flatMap((r) =>
      Object.entries(r).flatMap(([column, cell]) => (column.endsWith(`_${lang}`) ? lines(cell) : [])),
    ),
  );

describe('the demo content (sample files and the seed’s people)', () => {
  let admin: AdminData;
  let s: Samples['rows'];
  let samples: Samples;
  beforeAll(async () => {
    [admin, samples] = await Promise.all([loadAdminData(), loadSamples()]);
    s = samples.rows;
  });

  it('builds a complete hierarchy: 3 categories, 2–4 practices per chain, 1–3 sub-practices each', () => {
    expect(s.categories).toHaveLength(3);
    const categories = by(s.categories);
    for (const vc of s['value-chains']) {
      expect(categories.has(vc.category as string), vc.code).toBe(true);
      const n = s.practices.filter((p) => p.value_chain === vc.code).length;
      expect(n, vc.code).toBeGreaterThanOrEqual(2);
      expect(n, vc.code).toBeLessThanOrEqual(4);
    }
    for (const p of s.practices) {
      const n = s['sub-practices'].filter((x) => x.practice === p.code).length;
      expect(n, p.code).toBeGreaterThanOrEqual(1);
      expect(n, p.code).toBeLessThanOrEqual(3);
    }
  });

  it('targets every advisory at a sub-practice and an admin area of the stated level', () => {
    const subs = by(s['sub-practices']);
    const codes: Record<string, Set<string>> = {
      region: new Set(admin.regions.map((x) => x.code)),
      zone: new Set(admin.zones.map((x) => x.code)),
      woreda: new Set(admin.woredas.map((x) => x.code)),
      kebele: new Set(admin.kebeles.map((x) => x.code)),
    };
    for (const a of s.advisories) {
      expect(subs.has(a.sub_practice as string), a.code).toBe(true);
      expect(codes[a.level as string]?.has(a.area as string), `${a.code} ${a.level} ${a.area}`).toBe(true);
      expect(Number.isNaN(Date.parse(a.created_at as string)), a.code).toBe(false);
      // Every language has the same paragraphs, and a title wherever English has one.
      for (const lang of ['am', 'om'])
        expect(lines(a[`template_content_${lang}`]).length, `${a.code} ${lang}`).toBe(
          lines(a.template_content).length,
        );
      expect([Boolean(a.label_am), Boolean(a.label_om)], a.code).toEqual([
        Boolean(a.label),
        Boolean(a.label),
      ]);
    }
    expect(new Set(s.advisories.map((a) => a.level))).toEqual(
      new Set(['region', 'zone', 'woreda', 'kebele']),
    );
  });

  it('exercises the label fallbacks and the most-recent rule', () => {
    const untitled = s.advisories.filter((a) => !a.label);
    expect(untitled.some((a) => (lines(a.template_content)[0]?.length ?? 0) > 80)).toBe(true);
    expect(untitled.some((a) => lines(a.template_content).length === 0)).toBe(true);
    const same = new Map<string, Set<string>>();
    for (const a of s.advisories) {
      const key = `${a.sub_practice}|${a.level}|${a.area}`;
      same.set(key, (same.get(key) ?? new Set()).add(a.created_at as string));
    }
    expect([...same.values()].filter((dates) => dates.size > 1).length).toBeGreaterThanOrEqual(3);
  });

  it('has feedback questions of every type on its advisories, choices only where they belong', () => {
    const advisories = by(s.advisories);
    expect(new Set(s['feedback-questions'].map((q) => q.type))).toEqual(new Set(FEEDBACK_TYPES));
    for (const q of s['feedback-questions']) {
      expect(advisories.has(q.advisory as string), q.code).toBe(true);
      const n = s['feedback-choices'].filter((c) => c.question === q.code).length;
      expect(n >= 2, q.code).toBe(q.type === 'SELECT_ONE' || q.type === 'SELECT_MULTIPLE');
    }
    const withQuestions = new Set(s['feedback-questions'].map((q) => q.advisory));
    expect(s.advisories.some((a) => !withQuestions.has(a.code))).toBe(true);
  });

  it('has every demo DA on the roster, and groups and farmers with them', () => {
    const roster = by(s.roster, 'phone_number');
    const roles = new Set(s.roles.map((r) => r.name));
    const kebeles = new Set(admin.kebeles.map((k) => k.code));
    expect(s.roster).toHaveLength(P.das.length);
    for (const da of P.das) {
      const listed = roster.get(da.phone_number);
      expect(listed, da.ref).toBeDefined();
      expect(roles.has(listed?.role as string), da.ref).toBe(true);
      expect(kebeles.has(listed?.kebele as string), da.ref).toBe(true);
    }
    const refs = [P.das, P.groups, P.farmers, P.reportUsers].flatMap((list) => list.map((x) => x.ref));
    expect(new Set(refs).size).toBe(refs.length);
    const das = new Set(P.das.map((d) => d.ref));
    const groups = new Map(P.groups.map((g) => [g.ref, g]));
    for (const g of P.groups) expect(das.has(g.created_by), g.ref).toBe(true);
    for (const f of P.farmers) expect(groups.get(f.development_group)?.created_by, f.ref).toBe(f.created_by);
    expect(P.farmers.length).toBeGreaterThanOrEqual(30);
    expect(P.farmers.some((f) => f.grand_father_name === 'nan')).toBe(true);
    expect(new Set(P.groups.map((g) => g.group_type))).toEqual(new Set(['men_only', 'women_only', 'mixed']));
  });

  it('dates the people and their records inside the 12 weeks a report shows, each after what it needs', () => {
    const groups = new Map(P.groups.map((g) => [g.ref, g]));
    for (const g of P.groups) expect(g.formed_days_ago, g.ref).toBeGreaterThanOrEqual(1);
    for (const f of P.farmers)
      expect(f.registered_days_ago, f.ref).toBeLessThanOrEqual(
        groups.get(f.development_group)?.formed_days_ago ?? 0,
      );
    // A report's default 12 weeks reach back 77 days at least (to = a Monday).
    expect(Math.max(...P.groups.map((g) => g.formed_days_ago))).toBeLessThanOrEqual(77);

    const farmers = new Map(P.farmers.map((f) => [f.ref, f]));
    const advisories = by(s.advisories);
    const kebeleOfDa = new Map(
      P.das.map((d) => [d.ref, s.roster.find((r) => r.phone_number === d.phone_number)?.kebele ?? '']),
    );
    const kebele = new Map(admin.kebeles.map((k) => [k.code, k]));
    const woreda = new Map(admin.woredas.map((w) => [w.code, w]));
    const zone = new Map(admin.zones.map((z) => [z.code, z]));
    /** The area codes above a kebele, by level, from the shipped admin files. */
    const path = (code: string): Record<string, string> => {
      const w = kebele.get(code)?.woreda_code ?? '';
      const z = woreda.get(w)?.zone_code ?? '';
      return { kebele: code, woreda: w, zone: z, region: zone.get(z)?.region_code ?? '' };
    };
    const pairs = new Set<string>();
    for (const session of P.sessions) {
      const where = `${session.group} ${session.advisory}`;
      const g = groups.get(session.group);
      const a = advisories.get(session.advisory);
      expect(g && a, where).toBeTruthy();
      if (!g || !a) continue;
      expect(session.days_ago, where).toBeGreaterThanOrEqual(1);
      expect(session.days_ago, where).toBeLessThanOrEqual(g.formed_days_ago);
      // The advisory reaches the kebele, and is what the record screens offer: the newest there.
      const here = path(kebeleOfDa.get(g.created_by) ?? '');
      const reaching = (x: Row) => here[x.level as string] === x.area;
      expect(reaching(a), where).toBe(true);
      const newest = s.advisories
        .filter((x) => x.sub_practice === a.sub_practice && reaching(x))
        .sort((x, y) => Date.parse(y.created_at as string) - Date.parse(x.created_at as string))[0];
      expect(newest?.code, where).toBe(a.code);

      const members = P.farmers.filter((f) => f.development_group === session.group).map((f) => f.ref);
      for (const ref of session.absent) expect(members, where).toContain(ref);
      const there = members.filter((ref) => !session.absent.includes(ref));
      for (const ref of there) {
        // Reached once per advisory and DA (the records' unique key), after registering.
        const pair = `${ref}|${session.advisory}|${g.created_by}`;
        expect(pairs.has(pair), pair).toBe(false);
        pairs.add(pair);
        expect(farmers.get(ref)?.registered_days_ago, `${where} ${ref}`).toBeGreaterThanOrEqual(
          session.days_ago,
        );
      }
      for (const [ref, day] of Object.entries(session.adopted)) {
        expect(there, `${where} ${ref}`).toContain(ref);
        expect(day, `${where} ${ref}`).toBeLessThan(session.days_ago);
        expect(day, `${where} ${ref}`).toBeGreaterThanOrEqual(1);
      }
    }
    // Every demo group meets, and about half of those reached adopt.
    expect(new Set(P.sessions.map((x) => x.group))).toEqual(new Set(P.groups.map((g) => g.ref)));
    const adopted = P.sessions.reduce((n, x) => n + Object.keys(x.adopted).length, 0);
    expect(adopted / pairs.size).toBeGreaterThan(0.3);
    expect(adopted / pairs.size).toBeLessThan(0.7);
  });

  it('has a report user of a demo woreda, and offers the chat page each role in each language', () => {
    const woredaOf = new Map(admin.kebeles.map((k) => [k.code, k.woreda_code]));
    const daWoredas = new Set(s.roster.map((r) => woredaOf.get(r.kebele as string)));
    for (const u of P.reportUsers) {
      expect(daWoredas.has(u.woreda), u.ref).toBe(true);
      expect(DEMO_CHAT_USERS.map((c) => c.id)).toContain(u.telegram_id);
    }
    expect(new Set(DEMO_CHAT_USERS.map((u) => u.language_code))).toEqual(new Set(['en', 'am', 'om']));
    const daPhones = new Set(P.das.map((d) => `+251${(d.telegram_phone_number ?? d.phone_number).slice(1)}`));
    expect(DEMO_CHAT_USERS.filter((u) => daPhones.has(u.phone_number)).length).toBe(
      DEMO_CHAT_USERS.length - 1,
    );
    expect(new Set(DEMO_CHAT_USERS.map((u) => u.id)).size).toBe(DEMO_CHAT_USERS.length);
  });

  it('has valid, distinct phone numbers', () => {
    const phones = [
      ...P.das.map((d) => d.phone_number),
      ...P.farmers.map((f) => f.phone_number),
      ...P.reportUsers.map((u) => u.phone_no),
    ];
    for (const p of [...phones, ...P.das.flatMap((d) => d.telegram_phone_number ?? [])])
      expect(p).toMatch(PHONE_PATTERN);
    expect(new Set(phones.map((p) => normalizePhone(p))).size).toBe(phones.length);
  });

  it('writes every Amharic text in Ethiopic script and names every record in Afaan Oromo', () => {
    expect(texts(samples, 'am').filter((t) => !ETHIOPIC.test(t))).toEqual([]);
    // Oromo, in Latin script with the ASCII apostrophe for the hudhaa (shared/i18n/GLOSSARY.md).
    const om = texts(samples, 'om');
    expect(om.filter((t) => ETHIOPIC.test(t) || /[\u2019\u02BC]/.test(t))).toEqual([]);
    for (const kind of [
      'roles',
      'categories',
      'value-chains',
      'practices',
      'sub-practices',
      'feedback-choices',
    ] as const)
      expect(
        s[kind].filter((r) => !r.name_om?.trim()),
        kind,
      ).toEqual([]);
    expect(s['feedback-questions'].filter((q) => !q.question_om?.trim())).toEqual([]);
  });
});
