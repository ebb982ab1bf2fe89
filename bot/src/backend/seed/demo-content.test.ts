import { FEEDBACK_TYPES } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, loadAdminData } from './admin-data';
import { DEMO_CONTENT as C } from './demo-content';

const ETHIOPIC = /\p{Script=Ethiopic}/u;
const refs = <T extends { ref: string }>(items: T[]) => new Set(items.map((i) => i.ref));

describe('demo content', () => {
  let admin: AdminData;
  beforeAll(async () => {
    admin = await loadAdminData();
  });

  it('has unique refs across every kind of record', () => {
    const all = [
      C.categories,
      C.valueChains,
      C.practices,
      C.subPractices,
      C.advisories,
      C.feedbackQuestions,
      C.roles,
      C.das,
      C.groups,
      C.farmers,
    ].flatMap((list) => list.map((x) => x.ref));
    expect(new Set(all).size).toBe(all.length);
  });

  it('builds a complete hierarchy: 3 categories, 2–4 practices per chain, 1–3 sub-practices each', () => {
    expect(C.categories).toHaveLength(3);
    const categories = refs(C.categories);
    for (const vc of C.valueChains) {
      expect(categories.has(vc.category), vc.ref).toBe(true);
      const n = C.practices.filter((p) => p.value_chain === vc.ref).length;
      expect(n, vc.ref).toBeGreaterThanOrEqual(2);
      expect(n, vc.ref).toBeLessThanOrEqual(4);
    }
    for (const p of C.practices) {
      const n = C.subPractices.filter((s) => s.practice === p.ref).length;
      expect(n, p.ref).toBeGreaterThanOrEqual(1);
      expect(n, p.ref).toBeLessThanOrEqual(3);
    }
    for (const cat of C.categories) expect(C.valueChains.some((vc) => vc.category === cat.ref)).toBe(true);
  });

  it('targets every advisory at an existing sub-practice and an admin area of the stated level', () => {
    const subs = refs(C.subPractices);
    const codes = {
      region: new Set(admin.regions.map((x) => x.code)),
      zone: new Set(admin.zones.map((x) => x.code)),
      woreda: new Set(admin.woredas.map((x) => x.code)),
      kebele: new Set(admin.kebeles.map((x) => x.code)),
    };
    for (const a of C.advisories) {
      expect(subs.has(a.sub_practice), a.ref).toBe(true);
      expect(codes[a.level].has(a.admin_code), `${a.ref} ${a.level} ${a.admin_code}`).toBe(true);
      expect(Number.isNaN(Date.parse(a.created_at)), a.ref).toBe(false);
      expect(a.template_content_am.length, a.ref).toBe(a.template_content.length);
      // An Amharic title for every titled advisory: Amharic readers see no English label.
      expect(a.label_am === null, a.ref).toBe(a.label === null);
    }
    expect(new Set(C.advisories.map((a) => a.level))).toEqual(
      new Set(['region', 'zone', 'woreda', 'kebele']),
    );
  });

  it('exercises the label fallbacks and the most-recent rule', () => {
    expect(C.advisories.some((a) => a.label === null && (a.template_content[0]?.length ?? 0) > 80)).toBe(
      true,
    );
    expect(C.advisories.some((a) => a.label === null && a.template_content.length === 0)).toBe(true);
    const same = new Map<string, Set<string>>();
    for (const a of C.advisories) {
      const key = `${a.sub_practice}|${a.level}|${a.admin_code}`;
      same.set(key, (same.get(key) ?? new Set()).add(a.created_at));
    }
    expect([...same.values()].filter((dates) => dates.size > 1).length).toBeGreaterThanOrEqual(3);
  });

  it('has feedback questions of every type on existing advisories, choices only where they belong', () => {
    const advisories = refs(C.advisories);
    expect(new Set(C.feedbackQuestions.map((q) => q.type))).toEqual(new Set(FEEDBACK_TYPES));
    for (const q of C.feedbackQuestions) {
      expect(advisories.has(q.advisory), q.ref).toBe(true);
      const select = q.type === 'SELECT_ONE' || q.type === 'SELECT_MULTIPLE';
      expect(q.choices.length >= 2, q.ref).toBe(select);
    }
    const withQuestions = new Set(C.feedbackQuestions.map((q) => q.advisory));
    expect(C.advisories.some((a) => !withQuestions.has(a.ref))).toBe(true);
  });

  it('places DAs in a consistent admin path and groups and farmers with them', () => {
    const zoneOf = new Map(admin.zones.map((z) => [z.code, z.region_code]));
    const woredaOf = new Map(admin.woredas.map((w) => [w.code, w.zone_code]));
    const kebeleOf = new Map(admin.kebeles.map((k) => [k.code, k.woreda_code]));
    const roles = refs(C.roles);
    for (const da of C.das) {
      expect(kebeleOf.get(da.kebele), da.ref).toBe(da.woreda);
      expect(woredaOf.get(da.woreda), da.ref).toBe(da.zone);
      expect(zoneOf.get(da.zone), da.ref).toBe(da.region);
      expect(roles.has(da.role), da.ref).toBe(true);
    }
    const das = new Map(C.das.map((d) => [d.ref, d]));
    const groups = new Map(C.groups.map((g) => [g.ref, g]));
    for (const g of C.groups) expect(das.get(g.created_by)?.kebele, g.ref).toBe(g.kebele);
    for (const f of C.farmers) {
      const g = groups.get(f.development_group);
      expect(g?.kebele, f.ref).toBe(f.kebele);
      expect(g?.created_by, f.ref).toBe(f.created_by);
    }
    expect(C.farmers.length).toBeGreaterThanOrEqual(30);
    expect(C.farmers.some((f) => f.grand_father_name === 'nan')).toBe(true);
    expect(new Set(C.groups.map((g) => g.group_type))).toEqual(new Set(['men_only', 'women_only', 'mixed']));
  });

  it('has valid, distinct phone numbers', () => {
    const phones = [...C.das.map((d) => d.phone_number), ...C.farmers.map((f) => f.phone_number)];
    for (const p of [...phones, ...C.das.map((d) => d.telegram_phone_number)])
      expect(p).toMatch(PHONE_PATTERN);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it('writes every Amharic text in Ethiopic script', () => {
    const am = [
      ...[C.categories, C.valueChains, C.practices, C.subPractices, C.roles].flat().map((x) => x.name_am),
      ...C.advisories.flatMap((a) => [...(a.label_am ? [a.label_am] : []), ...a.template_content_am]),
      ...C.feedbackQuestions.flatMap((q) => [q.question_am, ...q.choices.map((c) => c.name_am)]),
    ];
    expect(am.filter((s) => !ETHIOPIC.test(s))).toEqual([]);
  });
});
