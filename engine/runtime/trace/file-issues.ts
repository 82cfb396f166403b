/**
 * Data and body file problems found before a Validate, mapped to the scenarios they stop: a scenario that does not
 * read a broken file still runs.
 */
import type { PlanIssue } from '../../plan/errors.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { fieldReferences, templateFields } from '../../plan/template-fields.ts';

/** Scenario name -> the problems that keep it from running. */
export function scenariosBlockedBy(plan: Plan, issues: readonly PlanIssue[]): Map<string, PlanIssue[]> {
  const out = new Map<string, PlanIssue[]>();
  if (issues.length === 0) return out;
  const all = Object.keys(plan.scenarios);
  const readers = feederReaders(plan, all);
  for (const issue of issues) {
    const [top, name] = issue.path;
    const hit =
      top === 'scenarios' && typeof name === 'string'
        ? [name]
        : top === 'data' && typeof name === 'string'
          ? (readers.get(name) ?? [])
          : all;
    for (const s of hit) out.set(s, [...(out.get(s) ?? []), issue]);
  }
  return out;
}

/** Feeder name -> scenarios whose requests (or the defaults they share) read it. */
function feederReaders(plan: Plan, all: string[]): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const f of templateFields(plan)) {
    const names = fieldReferences(f)
      .filter((r) => r.kind === 'data')
      .map((r) => r.name);
    const scenarios = f.scope.kind === 'request' ? [f.scope.scenario] : all;
    for (const n of names) {
      const set = out.get(n) ?? new Set<string>();
      for (const s of scenarios) set.add(s);
      out.set(n, set);
    }
  }
  return new Map([...out].map(([k, v]) => [k, [...v]]));
}
