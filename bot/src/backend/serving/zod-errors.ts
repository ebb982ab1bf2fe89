import { NON_FIELD_ERRORS } from '@gebere/contract';
import type { z } from 'zod';
import { echo, FieldErrorSet } from './http-error';
import { isMessageKey } from './messages';

type Issue = z.core.$ZodIssue;
type Key = PropertyKey;

function valueAt(input: unknown, path: readonly Key[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<Key, unknown>)[k as string];
  }
  return v;
}

const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v);

/**
 * Of a union's failed branches, the one the client most likely meant: fewest issues, and a branch
 * that failed on a literal (e.g. `{active:false}` vs the full settings) counts as a poor match.
 */
function bestBranch(branches: Issue[][], input: unknown, base: readonly Key[]): Issue[] {
  let best: Issue[] = branches[0] ?? [];
  let bestScore = Number.POSITIVE_INFINITY;
  for (const branch of branches) {
    let score = branch.length;
    for (const i of branch) {
      if (i.code === 'invalid_value' && i.values.length === 1) score += 10;
      // Keys the branch does not know, or an object where it wants a scalar: another branch's shape.
      if (i.code === 'unrecognized_keys') score += 3 * i.keys.length;
      if (i.code === 'invalid_type' && i.expected !== 'object' && i.expected !== 'array') {
        const v = valueAt(input, [...base, ...i.path]);
        if (v !== null && typeof v === 'object') score += 5;
      }
    }
    if (score < bestScore) {
      best = branch;
      bestScore = score;
    }
  }
  return best;
}

const fieldOf = (path: readonly Key[]) => (path.length === 0 ? NON_FIELD_ERRORS : path.map(String).join('.'));

function addIssue(out: FieldErrorSet, issue: Issue, base: readonly Key[], input: unknown): void {
  const path = [...base, ...issue.path];
  const field = fieldOf(path);
  const value = valueAt(input, path);
  const last = String(path[path.length - 1] ?? '');
  switch (issue.code) {
    case 'invalid_union':
      for (const inner of bestBranch(issue.errors, input, path)) addIssue(out, inner, path, input);
      return;
    case 'unrecognized_keys':
      for (const key of issue.keys) out.add(fieldOf([...path, key]), 'unknown_field');
      return;
    case 'invalid_type':
      if (value === undefined) out.add(field, 'required');
      else if (value === null) out.add(field, 'not_null');
      else if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint')
        out.add(field, 'whole_number');
      else if (issue.expected === 'string') out.add(field, 'string');
      else if (issue.expected === 'boolean') out.add(field, 'boolean');
      else if (issue.expected === 'object' || issue.expected === 'record')
        out.add(field, 'object', { type: typeName(value) });
      else if (issue.expected === 'array') out.add(field, 'list', { type: typeName(value) });
      else out.add(field, 'invalid');
      return;
    case 'too_small': {
      // Coercing ids turns null and '' into 0; say what the client actually did.
      if (value === null) out.add(field, 'not_null');
      else if (value === '' || (issue.origin === 'string' && Number(issue.minimum) === 1))
        out.add(field, 'required');
      else if (issue.origin === 'string') out.add(field, 'min_length', { characters: Number(issue.minimum) });
      else if (issue.origin === 'array')
        Number(issue.minimum) === 1
          ? out.add(field, 'list_empty')
          : out.add(field, 'list_min', { elements: Number(issue.minimum) });
      else if (issue.origin === 'number' && typeof value !== 'number' && !/^\s*-?\d+\s*$/.test(String(value)))
        out.add(field, 'whole_number');
      else
        out.add(field, 'min_value', {
          min: issue.inclusive ? Number(issue.minimum) : Number(issue.minimum) + 1,
        });
      return;
    }
    case 'too_big':
      if (issue.origin === 'string') out.add(field, 'max_length', { characters: Number(issue.maximum) });
      else if (issue.origin === 'array') out.add(field, 'list_max', { elements: Number(issue.maximum) });
      else out.add(field, 'max_value', { max: Number(issue.maximum) });
      return;
    case 'invalid_value':
      if (value === undefined) out.add(field, 'required');
      else if (value === null) out.add(field, 'not_null');
      else out.add(field, 'choice', { value: JSON.stringify(echo(value)) });
      return;
    case 'invalid_format':
      if (issue.message === 'phone_number_validation')
        out.add(
          field,
          last === 'telegram_phone_number' ? 'telegram_phone_number_validation' : 'phone_number_validation',
        );
      else if (issue.format === 'regex' && typeof value !== 'string') out.add(field, 'string');
      else out.addText(field, issue.message);
      return;
    case 'custom': {
      // Contract refinements name their message key in params.code (text hygiene, …).
      const code = (issue.params as { code?: unknown } | undefined)?.code;
      if (typeof code === 'string' && isMessageKey(code)) {
        out.add(field, code);
        return;
      }
      if (issue.message === 'response.question_id must equal feedback_question')
        out.add(field, 'question_mismatch');
      else if (isMessageKey(issue.message)) out.add(field, issue.message);
      else out.addText(field, issue.message);
      return;
    }
    default:
      out.add(field, 'invalid');
  }
}

/** Zod issues as DRF field errors in the contract's `{field: [messages]}` shape (dotted paths). */
export function zodFieldErrors(
  issues: readonly Issue[],
  input: unknown,
  prefix: readonly Key[] = [],
): FieldErrorSet {
  const out = new FieldErrorSet();
  for (const issue of issues) addIssue(out, issue, prefix, input);
  return out;
}
