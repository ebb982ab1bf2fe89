import { IMPORT_KINDS, type ImportKind } from '@gebere/contract';
import type { DemoContent } from './demo-content';

/**
 * The demo content as import files (`gebere import <kind> samples/<kind>.csv`), one table per
 * kind: the header, then one row per record. The committed files under samples/ are these
 * tables (write-samples.ts writes them; samples.test.ts proves they have not drifted), so
 * importing them, in this order, gives today's demo content. Admin areas ship as admin/*.csv.
 */
export const SAMPLE_KINDS = [
  'roles',
  'categories',
  'value-chains',
  'practices',
  'sub-practices',
  'advisories',
  'feedback-questions',
  'feedback-choices',
  'roster',
] as const satisfies readonly ImportKind[];
export type SampleKind = (typeof SAMPLE_KINDS)[number];

const lines = (paragraphs: string[]) => paragraphs.join('\n');

export function sampleTables(demo: DemoContent): Record<SampleKind, string[][]> {
  const roleName = new Map(demo.roles.map((r) => [r.ref, r.name]));
  const records: Record<SampleKind, Array<Record<string, string>>> = {
    roles: demo.roles.map((r) => ({ name: r.name, name_am: r.name_am })),
    categories: demo.categories.map((c) => ({ code: c.ref, name: c.name, name_am: c.name_am })),
    'value-chains': demo.valueChains.map((v) => ({
      code: v.ref,
      category: v.category,
      name: v.name,
      name_am: v.name_am,
    })),
    practices: demo.practices.map((p) => ({
      code: p.ref,
      value_chain: p.value_chain,
      name: p.name,
      name_am: p.name_am,
    })),
    'sub-practices': demo.subPractices.map((s) => ({
      code: s.ref,
      practice: s.practice,
      name: s.name,
      name_am: s.name_am,
    })),
    advisories: demo.advisories.map((a) => ({
      code: a.ref,
      sub_practice: a.sub_practice,
      level: a.level,
      area: a.admin_code,
      label: a.label ?? '',
      label_am: a.label_am ?? '',
      template_content: lines(a.template_content),
      template_content_am: lines(a.template_content_am),
      created_at: a.created_at,
    })),
    // Positions run through the whole list, as the demo seed numbers them.
    'feedback-questions': demo.feedbackQuestions.map((f, position) => ({
      code: f.ref,
      advisory: f.advisory,
      position: String(position),
      type: f.type,
      question: f.question,
      question_am: f.question_am,
    })),
    'feedback-choices': demo.feedbackQuestions.flatMap((f) =>
      f.choices.map((c, position) => ({
        question: f.ref,
        position: String(position),
        name: c.name,
        name_am: c.name_am,
      })),
    ),
    roster: demo.das.map((d) => ({
      phone_number: d.phone_number,
      first_name: d.first_name,
      father_name: d.father_name,
      grand_father_name: d.grand_father_name,
      gender: d.gender,
      kebele: d.kebele,
      role: roleName.get(d.role) ?? d.role,
    })),
  };
  const out = {} as Record<SampleKind, string[][]>;
  for (const kind of SAMPLE_KINDS) {
    const header = IMPORT_KINDS[kind].columns.map((c) => c.name);
    out[kind] = [header, ...records[kind].map((r) => header.map((h) => r[h] ?? ''))];
  }
  return out;
}

export const SAMPLES_DIR = new URL('./samples/', import.meta.url);
