/**
 * Service-level objectives for the breakpoint search, written like thresholds: `p(95)<500` (on
 * http_req_duration), or `metric: expression` / `metric{tag:value}: expression` (`http_req_failed: rate<0.01`).
 */
import { parseThresholdExpr, parseThresholdKey } from './threshold-syntax.ts';

export interface Sla {
  metric: string;
  expression: string;
}

/** Parses one SLA; throws ThresholdSyntaxError with a user message when it is not valid. */
export function parseSla(text: string): Sla {
  // The expression starts at the last ':' that is followed by an aggregation, so tag values may contain ':'.
  const m = /^(.*?):\s*((?:avg|min|max|med|count|rate|value|p\().*)$/s.exec(text.trim());
  const metric = m ? (m[1] as string).trim() : 'http_req_duration';
  const expression = (m ? (m[2] as string) : text).trim();
  const key = parseThresholdKey(metric);
  parseThresholdExpr(expression, key.metric);
  return { metric, expression };
}
