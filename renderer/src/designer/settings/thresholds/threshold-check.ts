/**
 * Checks one threshold as it is typed, with the engine's own threshold validation (key syntax, tags allowed for
 * the metric, tag values that exist in the plan, each expression's syntax and aggregation). The plan validator
 * only gets there once the whole plan passes its schema; this gives the same messages at once.
 */
import { validateThresholds, type Plan, type ThresholdRule } from 'loadsmith/plan';
import { objectOf, textOf, type Draft } from '../../core/doc/index.ts';

/** One expression of a threshold in a draft: text, or an object with `threshold` and abort options. */
export type RuleDraft = Draft<ThresholdRule>;

export interface ThresholdProblems {
  /** Problems of the key: unknown metric, tag not allowed, unknown tag value. */
  key: string[];
  /** Per expression (same index as the rules): its problem, if any. */
  rules: (string | undefined)[];
}

/** The rule's expression text (a string, or an object's `threshold`). */
export function ruleText(rule: RuleDraft): string {
  if (typeof rule === 'string') return rule;
  return textOf(objectOf(rule)?.threshold) ?? '';
}

export function checkThreshold(plan: Plan, key: string, rules: readonly RuleDraft[]): ThresholdProblems {
  const normalised = rules.map(ruleText);
  const issues = validateThresholds({ ...plan, thresholds: { [key]: normalised } });
  const out: ThresholdProblems = { key: [], rules: normalised.map(() => undefined) };
  for (const i of issues) {
    const index = i.path[2];
    if (typeof index === 'number') out.rules[index] ??= i.message;
    else out.key.push(i.message);
  }
  return out;
}
