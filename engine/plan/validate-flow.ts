/**
 * Rules on flow control the schema cannot express. What setup extracts is read-only for the run: no variable,
 * extraction or loop may write the same name (a VU changing it would change it for itself only, which is never
 * what was meant). A loop's counter and item are two names.
 */
import type { PlanIssue } from './errors.ts';
import { loopVariables } from './loop-variables.ts';
import type { Plan } from './schema/index.ts';
import { requestsOf, SETUP, stepsOf } from './walk.ts';

export function validateFlow(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const fromSetup = new Set<string>();
  for (const { request, scenario } of requestsOf(plan))
    if (scenario === SETUP) for (const n of Object.keys(request.extract ?? {})) fromSetup.add(n);
  if (fromSetup.size > 0) {
    const readOnly = (name: string): string =>
      `'${name}' is extracted by setup, so every VU reads it and nothing may change it: choose another name`;
    for (const name of Object.keys(plan.variables ?? {}))
      if (fromSetup.has(name)) issues.push({ path: ['variables', name], message: readOnly(name) });
    for (const { request, scenario, path } of requestsOf(plan)) {
      if (scenario === SETUP) continue;
      for (const name of Object.keys(request.extract ?? {}))
        if (fromSetup.has(name)) issues.push({ path: [...path, 'extract', name], message: readOnly(name) });
    }
  }
  for (const { step, path } of stepsOf(plan)) {
    const vars = loopVariables(step);
    const kind = Object.keys(step)[0] as string;
    for (const v of vars) {
      const at = [...path, kind, v.role];
      if (fromSetup.has(v.name))
        issues.push({
          path: at,
          message: `'${v.name}' is extracted by setup and cannot be a loop variable: name the loop's ${v.role === 'as' ? 'item' : 'counter'} with ${v.role}:`,
        });
      else if (Object.hasOwn(plan.variables ?? {}, v.name))
        issues.push({
          path: at,
          message: `'${v.name}' is a plan variable; name the loop's ${v.role === 'as' ? 'item' : 'counter'} otherwise with ${v.role}:`,
        });
    }
    if (vars.length === 2 && vars[0]?.name === vars[1]?.name) {
      issues.push({
        path: [...path, kind, 'as'],
        message: `the item and the counter are both '${vars[0]?.name}': give them two names (as:, counter:)`,
      });
    }
  }
  return issues;
}
