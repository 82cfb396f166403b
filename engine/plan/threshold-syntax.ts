/**
 * k6 threshold syntax. Key: `metric` or `metric{tag:value,tag:value}`; expression: `aggregation op number`,
 * e.g. `p(95)<500`, `avg<=200`, `rate<0.01`, `count>100`. Time values are milliseconds, as in k6.
 */
import { closest } from '../base/suggest.ts';
import { AGGREGATIONS, METRICS, type MetricDef } from '../base/metric-registry.ts';

export type Comparison = '<' | '<=' | '>' | '>=' | '==' | '!=';

export interface ThresholdKey {
  metric: MetricDef;
  /** Tag filter; `name` is normalised to `request`. */
  tags: Readonly<Record<string, string>>;
  source: string;
}

export interface ThresholdExpr {
  /** 'avg' | 'min' | 'max' | 'med' | 'count' | 'rate' | 'value' | 'p' */
  aggregation: string;
  /** For p(N): the percentile N. */
  percentile?: number;
  op: Comparison;
  value: number;
  source: string;
}

export class ThresholdSyntaxError extends Error {}

const KEY = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\{(.*)\})?\s*$/s;

/**
 * Parses a threshold key; customTags are the tag names the plan defines itself (allowed on HTTP metrics).
 * Pass a Set when there may be many: a plan's validation parses every key against them.
 */
export function parseThresholdKey(
  source: string,
  customTags: readonly string[] | ReadonlySet<string> = [],
): ThresholdKey {
  const m = KEY.exec(source);
  if (!m) throw new ThresholdSyntaxError(`'${source}' is not a metric name, optionally with {tag:value} filters`);
  const name = m[1] as string;
  const metric = METRICS[name];
  if (!metric) {
    const known = Object.keys(METRICS);
    const near = closest(name, known) ?? known.find((k) => k.startsWith(name) || name.startsWith(k));
    throw new ThresholdSyntaxError(
      `unknown metric '${name}'${near ? ` (did you mean '${near}'?)` : ''}; known metrics: ${known.join(', ')}`,
    );
  }
  const tags: Record<string, string> = {};
  if (m[2] !== undefined) {
    if (m[2].trim() === '') throw new ThresholdSyntaxError(`empty tag filter in '${source}'`);
    // Custom tags (defaults/scenario/request `tags`) land on HTTP metrics and the tagged ones of other steps (gRPC, WebSocket).
    const custom = metric.tags.includes('method') || metric.tagged !== undefined ? customTags : [];
    const isCustom = (tag: string): boolean => ('has' in custom ? custom.has(tag) : custom.includes(tag));
    for (const part of m[2].split(',')) {
      const colon = part.indexOf(':');
      if (colon < 0) throw new ThresholdSyntaxError(`tag filter '${part.trim()}' needs the form tag:value`);
      const tag = part.slice(0, colon).trim();
      const value = part.slice(colon + 1).trim();
      if (!metric.tags.includes(tag) && !isCustom(tag)) {
        const allowed = [...metric.tags, ...custom];
        const shown =
          allowed.length > 20
            ? `${allowed.slice(0, 20).join(', ')} and ${allowed.length - 20} more`
            : allowed.join(', ');
        throw new ThresholdSyntaxError(
          `${metric.name} has no tag '${tag}'${allowed.length ? `; it can be filtered by ${shown}` : ' (it has no tags)'}`,
        );
      }
      if (value === '') throw new ThresholdSyntaxError(`tag '${tag}' needs a value`);
      tags[tag === 'name' ? 'request' : tag] = value;
    }
  }
  return { metric, tags, source };
}

const EXPR =
  /^\s*(avg|min|max|med|count|rate|value|p\(\s*(\d+(?:\.\d+)?)\s*\))\s*(<=|>=|===|==|!=|<|>)\s*(-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*$/i;

/** Parses `p(95)<500`, checking that the aggregation suits the metric's type. */
export function parseThresholdExpr(source: string, metric: MetricDef): ThresholdExpr {
  const m = EXPR.exec(source);
  if (!m) {
    const unit = /\d\s*(ms|s|m)\s*$/.test(source)
      ? ' (values are plain numbers; time metrics are in milliseconds, as in k6)'
      : '';
    throw new ThresholdSyntaxError(
      `'${source}' is not a threshold expression such as p(95)<500, avg<200, rate<0.01 or count>100${unit}`,
    );
  }
  const aggText = (m[1] as string).toLowerCase();
  const aggregation = aggText.startsWith('p(') ? 'p' : aggText;
  const allowed = AGGREGATIONS[metric.type];
  if (!allowed.includes(aggregation === 'p' ? 'p(N)' : aggregation)) {
    throw new ThresholdSyntaxError(
      `${metric.name} is a ${metric.type} metric: use ${allowed.join(', ')}, not ${aggText}`,
    );
  }
  const expr: ThresholdExpr = { aggregation, op: normaliseOp(m[3] as string), value: Number(m[4]), source };
  if (aggregation === 'p') {
    const p = Number(m[2]);
    if (!(p >= 0 && p <= 100)) throw new ThresholdSyntaxError(`percentile must be between 0 and 100, got ${m[2]}`);
    expr.percentile = p;
  }
  return expr;
}

function normaliseOp(op: string): Comparison {
  return (op === '===' ? '==' : op) as Comparison;
}

export function compare(actual: number, op: Comparison, expected: number): boolean {
  switch (op) {
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '==':
      return actual === expected;
    case '!=':
      return actual !== expected;
  }
}
