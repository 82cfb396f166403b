/**
 * Threshold keys and expressions, and the tag values they filter on. A filter that can never match
 * (a misspelt request name) would make a threshold pass on no data, so it is an error.
 */
import { parseThresholdExpr, parseThresholdKey, ThresholdSyntaxError } from './threshold-syntax.ts';
import { HTTP_METHODS, type Plan } from './schema/index.ts';
import { listOf, quote, type LocatableIssue } from './errors.ts';
import { checkName, requestName } from './names.ts';
import { didYouMean } from '../base/suggest.ts';
import { groupsOf, requestsOf, stepsOf } from './walk.ts';
import { websocketTagValues } from './websocket-fields.ts';
import { grpcCallName, grpcCallsOf, grpcCheckName, grpcMethodPath } from './grpc-names.ts';

export function validateThresholds(plan: Plan): LocatableIssue[] {
  const issues: LocatableIssue[] = [];
  const known = knownTagValues(plan);
  for (const [key, rules] of Object.entries(plan.thresholds ?? {})) {
    const at = ['thresholds', key];
    let parsed;
    try {
      parsed = parseThresholdKey(key, known.customTags);
    } catch (e) {
      if (!(e instanceof ThresholdSyntaxError)) throw e;
      issues.push({ path: at, atKey: true, message: e.message });
      continue;
    }
    for (const [tag, value] of Object.entries(parsed.tags)) {
      const values = known.values[tag];
      const v = tag === 'group' && !value.startsWith('::') ? `::${value}` : value;
      if (values && !values.has(v)) {
        issues.push({
          path: at,
          atKey: true,
          message: `no ${tag} ${quote(value)} in this plan, so this threshold would never see data${didYouMean(value, values)}; known: ${listOf(values) || '(none)'}`,
        });
      }
    }
    for (const [i, rule] of rules.entries()) {
      const text = typeof rule === 'string' ? rule : rule.threshold;
      try {
        parseThresholdExpr(text, parsed.metric);
      } catch (e) {
        if (!(e instanceof ThresholdSyntaxError)) throw e;
        issues.push({ path: typeof rule === 'string' ? [...at, i] : [...at, i, 'threshold'], message: e.message });
      }
    }
  }
  return issues;
}

function knownTagValues(plan: Plan): { values: Record<string, Set<string>>; customTags: Set<string> } {
  const requests = new Set<string>();
  const checks = new Set<string>();
  const groups = new Set<string>();
  const customTags = new Set(Object.keys(plan.defaults?.tags ?? {}));
  for (const [, sc] of Object.entries(plan.scenarios)) {
    for (const g of groupsOf(sc.steps)) groups.add(g);
    for (const t of Object.keys(sc.tags ?? {})) customTags.add(t);
  }
  for (const v of requestsOf(plan)) {
    requests.add(requestName(v.request));
    for (const c of v.request.checks ?? []) checks.add(checkName(c));
    for (const t of Object.keys(v.request.tags ?? {})) customTags.add(t);
  }
  for (const { step } of stepsOf(plan)) {
    if (!('websocket' in step)) continue;
    const ws = websocketTagValues(step.websocket);
    requests.add(ws.name);
    for (const c of ws.checks) checks.add(c);
    for (const t of ws.tags) customTags.add(t);
  }
  const methods = new Set<string>(HTTP_METHODS);
  for (const { call } of grpcCallsOf(plan)) {
    requests.add(grpcCallName(call));
    methods.add(grpcMethodPath(call));
    for (const c of call.checks ?? []) checks.add(grpcCheckName(c));
    for (const t of Object.keys(call.tags ?? {})) customTags.add(t);
  }
  return {
    customTags,
    values: {
      scenario: new Set(Object.keys(plan.scenarios)),
      request: requests,
      check: checks,
      group: groups,
      method: methods,
      expected_response: new Set(['true', 'false']),
    },
  };
}
