/**
 * Threshold evaluation on the run totals, during the run (every tick, for abortOnFail) and at the end.
 * A threshold whose metric has no data yet passes and says so ("no data"), as in k6.
 */
import { parseDuration } from '../../base/duration.ts';
import type { ThresholdRule } from '../../plan/schema/index.ts';
import type { RunAggregate } from '../aggregate.ts';
import { readMetric, type MetricReading, type RunClock } from '../query.ts';
import {
  compare,
  parseThresholdExpr,
  parseThresholdKey,
  type ThresholdExpr,
  type ThresholdKey,
} from '../../plan/threshold-syntax.ts';

export interface ThresholdState {
  /** The key as written: metric{tags} */
  metric: string;
  expression: string;
  ok: boolean;
  /** The observed value the expression compared (ms for time metrics), null when there was no data. */
  value: number | null;
  abortOnFail: boolean;
}

interface Compiled {
  key: ThresholdKey;
  expr: ThresholdExpr;
  abortOnFail: boolean;
  delayMs: number;
}

export class Thresholds {
  private readonly rules: Compiled[] = [];

  constructor(
    thresholds: Readonly<Record<string, readonly ThresholdRule[]>> | undefined,
    customTags: readonly string[] = [],
  ) {
    for (const [keyText, rules] of Object.entries(thresholds ?? {})) {
      const key = parseThresholdKey(keyText, customTags);
      for (const r of rules) {
        const text = typeof r === 'string' ? r : r.threshold;
        this.rules.push({
          key,
          expr: parseThresholdExpr(text, key.metric),
          abortOnFail: typeof r === 'object' && r.abortOnFail === true,
          delayMs: typeof r === 'object' && r.delayAbortEval ? (parseDuration(r.delayAbortEval) ?? 0) : 0,
        });
      }
    }
  }

  get size(): number {
    return this.rules.length;
  }

  evaluate(agg: RunAggregate, clock: RunClock): ThresholdState[] {
    return this.rules.map((r) => {
      const value = observed(readMetric(agg, r.key.metric, r.key.tags, clock), r.expr);
      return {
        metric: r.key.source,
        expression: r.expr.source,
        ok: value === null || compare(value, r.expr.op, r.expr.value),
        value,
        abortOnFail: r.abortOnFail,
      };
    });
  }

  /** The first failing abortOnFail threshold whose delayAbortEval has passed, if any. */
  abortReason(states: readonly ThresholdState[], elapsedMs: number): ThresholdState | undefined {
    return states.find((s, i) => !s.ok && s.abortOnFail && elapsedMs >= (this.rules[i] as Compiled).delayMs);
  }
}

function observed(m: MetricReading, e: ThresholdExpr): number | null {
  const h = m.histogram;
  if (h) {
    if (h.isEmpty) return null;
    switch (e.aggregation) {
      case 'avg':
        return h.mean / 1000;
      case 'min':
        return h.min / 1000;
      case 'max':
        return h.max / 1000;
      case 'med':
        return h.valueAtPercentile(50) / 1000;
      case 'p':
        return h.valueAtPercentile(e.percentile ?? 0) / 1000;
      default:
        return null;
    }
  }
  switch (e.aggregation) {
    case 'count':
      return m.count ?? null;
    case 'rate':
      return m.rate ?? null;
    case 'value':
      return m.value ?? null;
    default:
      return null;
  }
}
