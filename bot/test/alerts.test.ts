import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMetrics } from '../src/metrics';

/**
 * docs/deploy/alerts.yml against the series the server exports. promtool is not installable
 * here, so each expression goes through a parser of the PromQL it uses (selectors, ranges,
 * functions, aggregations, binary operators with on/ignoring, numbers) with PromQL's value
 * types; anything outside that subset is an error, not a pass. Every metric must be one
 * bot/src/metrics.ts registers (or Prometheus' own `up`), every label one it has (or the target
 * labels job and instance), and every label value matched one it exports.
 */

const rulesFile = new URL('../../docs/deploy/alerts.yml', import.meta.url);

type Type = 'scalar' | 'instant' | 'range';
interface Selector {
  name: string;
  matchers: Array<{ label: string; op: string; value: string }>;
}
interface Parsed {
  type: Type;
  selectors: Selector[];
  /** Labels named in by/without/on/ignoring/group_*. */
  grouping: string[];
}

const RANGE_FUNCTIONS = new Set([
  'rate',
  'irate',
  'increase',
  'delta',
  'deriv',
  'changes',
  'resets',
  'absent_over_time',
  'avg_over_time',
  'min_over_time',
  'max_over_time',
  'sum_over_time',
  'count_over_time',
]);
const INSTANT_FUNCTIONS = new Set(['abs', 'absent', 'ceil', 'floor', 'clamp_min', 'clamp_max', 'round']);
const AGGREGATIONS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'count',
  'group',
  'stddev',
  'topk',
  'bottomk',
  'quantile',
]);
const PARAMETRISED = new Set(['topk', 'bottomk', 'quantile', 'clamp_min', 'clamp_max']);
const DURATION = /^(\d+(ms|[smhdwy]))+$/;

const TOKEN =
  /\s*(?:(?<num>\d+(?:\.\d+)?(?:e[+-]?\d+)?)|(?<ident>[a-zA-Z_:][a-zA-Z0-9_:]*)|(?<str>"(?:[^"\\]|\\.)*")|(?<range>\[[^\]]*\])|(?<op>==|!=|>=|<=|=~|!~|[-+*/%^<>=(){},]))/y;

function tokenize(expr: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < expr.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(expr);
    if (!m) throw new Error(`cannot read "${expr.slice(at, at + 20)}"`);
    out.push(m[0].trim());
  }
  return out;
}

/** Parses a PromQL expression of the subset above; throws on anything else. */
function parsePromQl(expr: string): Parsed {
  const tokens = tokenize(expr);
  let i = 0;
  const selectors: Selector[] = [];
  const grouping: string[] = [];
  const peek = () => tokens[i];
  const next = () => {
    const t = tokens[i++];
    if (t === undefined) throw new Error('unexpected end');
    return t;
  };
  const expect_ = (t: string) => {
    const got = next();
    if (got !== t) throw new Error(`expected "${t}", got "${got}"`);
  };
  const labelList = () => {
    expect_('(');
    while (peek() !== ')') {
      const label = next();
      if (!/^[a-zA-Z_]\w*$/.test(label)) throw new Error(`bad label "${label}"`);
      grouping.push(label);
      if (peek() === ',') next();
    }
    expect_(')');
  };
  const grouped = () => {
    if (peek() !== 'by' && peek() !== 'without') return;
    next();
    labelList();
  };
  /** `[5m]` after a selector makes a range vector; after a parenthesis only a subquery `[1h:1m]` does. */
  const range = (type: Type, afterSelector: boolean): Type => {
    const t = peek();
    if (!t?.startsWith('[')) return type;
    next();
    const [length, step, ...rest] = t.slice(1, -1).split(':');
    const ok =
      DURATION.test(length ?? '') &&
      rest.length === 0 &&
      (step === undefined ? afterSelector : step === '' || DURATION.test(step));
    if (!ok || type !== 'instant') throw new Error(`bad range ${t} on a ${type}`);
    return 'range';
  };
  const selector = (name: string): Type => {
    const sel: Selector = { name, matchers: [] };
    if (peek() === '{') {
      next();
      while (peek() !== '}') {
        const label = next();
        const op = next();
        const value = next();
        if (!['=', '!=', '=~', '!~'].includes(op) || !value.startsWith('"'))
          throw new Error(`bad matcher ${label}${op}${value}`);
        sel.matchers.push({ label, op, value: JSON.parse(value) });
        if (peek() === ',') next();
      }
      expect_('}');
    }
    selectors.push(sel);
    return range('instant', true);
  };
  const primary = (): Type => {
    const t = next();
    if (t === '-' || t === '+') return primary();
    if (/^\d/.test(t)) return 'scalar';
    if (t === '(') {
      const type = expression(0);
      expect_(')');
      return range(type, false);
    }
    if (AGGREGATIONS.has(t)) {
      grouped();
      expect_('(');
      if (PARAMETRISED.has(t)) {
        expression(0);
        expect_(',');
      }
      if (expression(0) !== 'instant') throw new Error(`${t} of a non-instant vector`);
      expect_(')');
      grouped();
      return 'instant';
    }
    if (RANGE_FUNCTIONS.has(t) || INSTANT_FUNCTIONS.has(t)) {
      expect_('(');
      const arg = expression(0);
      if (arg !== (RANGE_FUNCTIONS.has(t) ? 'range' : 'instant')) throw new Error(`${t} of a ${arg}`);
      if (PARAMETRISED.has(t)) {
        expect_(',');
        expression(0);
      }
      expect_(')');
      return 'instant';
    }
    if (/^[a-zA-Z_:]/.test(t)) {
      if (peek() === '(') throw new Error(`unknown function ${t}`);
      return selector(t);
    }
    throw new Error(`unexpected "${t}"`);
  };
  const PRECEDENCE: Record<string, number> = {
    or: 1,
    and: 2,
    unless: 2,
    '==': 3,
    '!=': 3,
    '>': 3,
    '<': 3,
    '>=': 3,
    '<=': 3,
    '+': 4,
    '-': 4,
    '*': 5,
    '/': 5,
    '%': 5,
    '^': 6,
  };
  function expression(min: number): Type {
    let left = primary();
    for (let op = peek(); op !== undefined && (PRECEDENCE[op] ?? 0) > min; op = peek()) {
      next();
      if (peek() === 'bool') next();
      if (peek() === 'on' || peek() === 'ignoring') {
        next();
        labelList();
      }
      if (peek() === 'group_left' || peek() === 'group_right') {
        next();
        if (peek() === '(') labelList();
      }
      const right = expression(PRECEDENCE[op] as number);
      if (left === 'range' || right === 'range') throw new Error(`${op} on a range vector`);
      if (['and', 'or', 'unless'].includes(op) && (left !== 'instant' || right !== 'instant'))
        throw new Error(`${op} needs vectors on both sides`);
      left = left === 'scalar' && right === 'scalar' ? 'scalar' : 'instant';
    }
    return left;
  }
  const type = expression(0);
  if (i !== tokens.length) throw new Error(`unexpected "${tokens[i]}"`);
  return { type, selectors, grouping };
}

/** The registry's series: names (histograms with their _bucket/_count/_sum), labels, values. */
async function exported() {
  const { registry } = createMetrics();
  const series = new Map<string, { labels: Set<string>; values: Map<string, Set<string>> }>();
  for (const m of await registry.getMetricsAsJSON()) {
    const metric = registry.getSingleMetric(m.name) as unknown as { labelNames: string[] };
    const values = new Map<string, Set<string>>();
    for (const v of m.values)
      for (const [label, value] of Object.entries(v.labels))
        values.set(label, (values.get(label) ?? new Set()).add(String(value)));
    const names =
      String(m.type) === 'histogram' ? ['_bucket', '_count', '_sum'].map((s) => m.name + s) : [m.name];
    for (const name of names)
      series.set(name, {
        labels: new Set([...metric.labelNames, ...(name.endsWith('_bucket') ? ['le'] : [])]),
        values,
      });
  }
  return series;
}

const TARGET_LABELS = ['job', 'instance'];

describe('docs/deploy/alerts.yml', () => {
  const file = parse(readFileSync(rulesFile, 'utf8')) as {
    groups: Array<{ name: string; rules: Array<Record<string, unknown>> }>;
  };
  const rules = file.groups.flatMap((g) => g.rules);

  it('parses, and its PromQL subset parser refuses what PromQL refuses', () => {
    expect(() => parsePromQl('rate(gebere_x)')).toThrow(/rate of a instant/);
    expect(() => parsePromQl('sum(gebere_x[5m])')).toThrow(/non-instant/);
    expect(() => parsePromQl('gebere_x{outcome="a"')).toThrow();
    expect(() => parsePromQl('gebere_x and 1')).toThrow(/vectors on both sides/);
    expect(() => parsePromQl('histogram_quantile(0.9, gebere_x)')).toThrow(/unknown function/);
    expect(parsePromQl('sum by (job) (rate(gebere_x{a=~"b|c"}[5m])) / 2 > 0.1').type).toBe('instant');
  });

  it('has the alerts an operator needs, each complete', () => {
    expect(rules.map((r) => r.alert)).toEqual([
      'GebereDown',
      'GebereDatabaseDown',
      'GebereNotificationQueueStuck',
      'GebereNotificationQueueGrowing',
      'GebereNotificationDeliveriesFailing',
      'GebereHttp5xx',
    ]);
    for (const rule of rules) {
      expect(String(rule.for), String(rule.alert)).toMatch(DURATION);
      expect(['critical', 'warning']).toContain((rule.labels as Record<string, string>)?.severity);
      expect((rule.annotations as Record<string, string>)?.summary, String(rule.alert)).toBeTruthy();
    }
  });

  it('uses only series, labels and label values the server exports', async () => {
    const series = await exported();
    const problems: string[] = [];
    for (const rule of rules) {
      const name = String(rule.alert);
      let parsed: Parsed;
      try {
        parsed = parsePromQl(String(rule.expr));
      } catch (err) {
        problems.push(`${name}: ${(err as Error).message}`);
        continue;
      }
      if (parsed.type !== 'instant')
        problems.push(`${name}: an alert needs an instant vector, not a ${parsed.type}`);
      const labelsHere = new Set(TARGET_LABELS);
      for (const sel of parsed.selectors) {
        if (sel.name === 'up') {
          for (const m of sel.matchers)
            if (!TARGET_LABELS.includes(m.label)) problems.push(`${name}: up{${m.label}}`);
          continue;
        }
        const known = series.get(sel.name);
        if (!known) {
          problems.push(`${name}: ${sel.name} is not exported by bot/src/metrics.ts`);
          continue;
        }
        for (const label of known.labels) labelsHere.add(label);
        for (const m of sel.matchers) {
          if (TARGET_LABELS.includes(m.label)) continue;
          if (!known.labels.has(m.label)) problems.push(`${name}: ${sel.name} has no label ${m.label}`);
          const values = known.values.get(m.label);
          // Literal values and literal alternations (`a|b`) must be values the server exports.
          const literals =
            m.op === '=' ? [m.value] : m.op === '=~' && /^[\w|]+$/.test(m.value) ? m.value.split('|') : [];
          if (values)
            for (const v of literals)
              if (!values.has(v)) problems.push(`${name}: ${sel.name}{${m.label}="${v}"}`);
          if (m.op === '=~' && m.label === 'status' && !/^[1-5](\.\.|\d\d)$/.test(m.value))
            problems.push(`${name}: status=~"${m.value}"`);
        }
      }
      for (const label of parsed.grouping)
        if (!labelsHere.has(label))
          problems.push(`${name}: groups by ${label}, which none of its series has`);
      for (const text of Object.values((rule.annotations as Record<string, string>) ?? {}))
        for (const [, label] of text.matchAll(/\$labels\.(\w+)/g))
          if (!labelsHere.has(label as string)) problems.push(`${name}: annotation uses $labels.${label}`);
    }
    expect(problems).toEqual([]);
  });
});
