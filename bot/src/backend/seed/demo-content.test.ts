import { FEEDBACK_TYPES } from '@gebere/contract';
import { PHONE_PATTERN } from '@gebere/phone';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AdminData, loadAdminData } from './admin-data';
import { DEMO_CHAT_USERS } from './demo/chat-users';
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
      C.reportUsers,
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

  it('dates the people and their records inside the 12 weeks a report shows, each after what it needs', () => {
    const groups = new Map(C.groups.map((g) => [g.ref, g]));
    for (const g of C.groups) expect(g.formed_days_ago, g.ref).toBeGreaterThanOrEqual(1);
    for (const f of C.farmers)
      expect(f.registered_days_ago, f.ref).toBeLessThanOrEqual(
        groups.get(f.development_group)?.formed_days_ago ?? 0,
      );
    // A report's default 12 weeks reach back 77 days at least (to = a Monday).
    expect(Math.max(...C.groups.map((g) => g.formed_days_ago))).toBeLessThanOrEqual(77);

    const farmers = new Map(C.farmers.map((f) => [f.ref, f]));
    const advisories = new Map(C.advisories.map((a) => [a.ref, a]));
    const kebele = new Map(admin.kebeles.map((k) => [k.code, k]));
    const woreda = new Map(admin.woredas.map((w) => [w.code, w]));
    const zone = new Map(admin.zones.map((z) => [z.code, z]));
    /** The area codes above a kebele, by level, from the shipped admin files. */
    const path = (code: string) => {
      const w = kebele.get(code)?.woreda_code ?? '';
      const z = woreda.get(w)?.zone_code ?? '';
      return { kebele: code, woreda: w, zone: z, region: zone.get(z)?.region_code ?? '' };
    };
    const pairs = new Set<string>();
    for (const s of C.sessions) {
      const where = `${s.group} ${s.advisory}`;
      const g = groups.get(s.group);
      const a = advisories.get(s.advisory);
      expect(g && a, where).toBeTruthy();
      if (!g || !a) continue;
      expect(s.days_ago, where).toBeGreaterThanOrEqual(1);
      expect(s.days_ago, where).toBeLessThanOrEqual(g.formed_days_ago);
      // The advisory reaches the kebele, and is what the record screens offer: the newest there.
      const reaching = (x: typeof a) => path(g.kebele)[x.level] === x.admin_code;
      expect(reaching(a), where).toBe(true);
      const newest = C.advisories
        .filter((x) => x.sub_practice === a.sub_practice && reaching(x))
        .sort((x, y) => Date.parse(y.created_at) - Date.parse(x.created_at))[0];
      expect(newest?.ref, where).toBe(a.ref);

      const members = C.farmers.filter((f) => f.development_group === s.group).map((f) => f.ref);
      for (const ref of s.absent) expect(members, where).toContain(ref);
      const there = members.filter((ref) => !s.absent.includes(ref));
      for (const ref of there) {
        // Reached once per advisory and DA (the records' unique key), after registering.
        const pair = `${ref}|${s.advisory}|${g.created_by}`;
        expect(pairs.has(pair), pair).toBe(false);
        pairs.add(pair);
        expect(farmers.get(ref)?.registered_days_ago, `${where} ${ref}`).toBeGreaterThanOrEqual(s.days_ago);
      }
      for (const [ref, day] of Object.entries(s.adopted)) {
        expect(there, `${where} ${ref}`).toContain(ref);
        expect(day, `${where} ${ref}`).toBeLessThan(s.days_ago);
        expect(day, `${where} ${ref}`).toBeGreaterThanOrEqual(1);
      }
    }
    // Every demo group meets, and about half of those reached adopt.
    expect(new Set(C.sessions.map((s) => s.group))).toEqual(new Set(C.groups.map((g) => g.ref)));
    const adopted = C.sessions.reduce((n, s) => n + Object.keys(s.adopted).length, 0);
    expect(adopted / pairs.size).toBeGreaterThan(0.3);
    expect(adopted / pairs.size).toBeLessThan(0.7);
  });

  it('has a report user of a demo woreda, and offers the chat page each role in each language', () => {
    const woredas = new Set(admin.woredas.map((w) => w.code));
    for (const u of C.reportUsers) {
      expect(woredas.has(u.woreda), u.ref).toBe(true);
      expect(C.das.some((d) => d.woreda === u.woreda)).toBe(true);
      expect(DEMO_CHAT_USERS.map((c) => c.id)).toContain(u.telegram_id);
    }
    expect(new Set(DEMO_CHAT_USERS.map((u) => u.language_code))).toEqual(new Set(['en', 'am', 'om']));
    const daPhones = new Set(C.das.map((d) => `+251${d.telegram_phone_number.slice(1)}`));
    expect(DEMO_CHAT_USERS.filter((u) => daPhones.has(u.phone_number)).length).toBe(
      DEMO_CHAT_USERS.length - 1,
    );
    expect(new Set(DEMO_CHAT_USERS.map((u) => u.id)).size).toBe(DEMO_CHAT_USERS.length);
  });

  it('has valid, distinct phone numbers', () => {
    const phones = [
      ...C.das.map((d) => d.phone_number),
      ...C.farmers.map((f) => f.phone_number),
      ...C.reportUsers.map((u) => u.phone_no),
    ];
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
