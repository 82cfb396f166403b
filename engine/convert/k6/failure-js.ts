/**
 * A request's failure policy in k6 (Loadsmith's onFailure): after its response, why it failed (failure()), then
 * what that does. endIteration throws, which ends a k6 iteration as fail() does; stopVU also marks the VU stopped
 * for its scenario; in setup a failure ends setup, so k6 aborts the run (exit code 107), and teardown reports its
 * failures. Requests nobody watches get none of this code.
 */
import { isArrivalRate } from '../../plan/arrival.ts';
import type { OnFailure, Plan, Request } from '../../plan/schema/index.ts';
import { SETUP, TEARDOWN } from '../../plan/walk.ts';
import { str, type Script } from './script.ts';

export interface Policy {
  onFailure: OnFailure;
  /** Setup or teardown: every failure is said (ended, or reported and gone on). */
  report: boolean;
}

/** The policy of a step (request, gRPC call) of a step list (a scenario's name, SETUP or TEARDOWN), as Loadsmith compiles it. */
export function policyOf(plan: Plan, list: string, r: { onFailure?: OnFailure | undefined }): Policy | undefined {
  let onFailure = r.onFailure ?? (list === SETUP ? 'endIteration' : plan.defaults?.onFailure) ?? 'continue';
  const scenario = plan.scenarios[list];
  // Pooled VUs (arrival rate), setup and teardown: stopping "the VU" can only mean ending what it runs now.
  if (onFailure === 'stopVU' && (scenario === undefined || isArrivalRate(scenario))) onFailure = 'endIteration';
  const report = list === SETUP || list === TEARDOWN;
  return onFailure === 'continue' && !report ? undefined : { onFailure, report };
}

/** The lines judging a response (read from `checked<k>`, `missed<k>`) and applying the policy. */
export function verdictLines(
  plan: Plan,
  list: string,
  r: Request,
  p: Policy,
  res: string,
  name: string,
  k: string,
  s: Script,
): string[] {
  s.use('failure');
  const expected = expectedJs(r.expectedStatuses ?? plan.defaults?.http?.expectedStatuses);
  return [
    `const why${k} = failure(${res}, ${expected}, checked${k}, missed${k});`,
    ...policyLines(list, p, name, k, s),
  ];
}

/** The lines applying the policy once `why<k>` says why the step failed (undefined: it did not). */
export function policyLines(list: string, p: Policy, name: string, k: string, s: Script): string[] {
  const lines: string[] = [];
  if (p.report) {
    s.use('runFailed');
    const what = list === SETUP ? 'setup' : 'teardown';
    lines.push(
      `if (why${k} !== undefined) runFailed(${str(what)}, ${str(name)}, why${k}, ${p.onFailure !== 'continue'});`,
    );
  } else if (p.onFailure === 'stopVU') {
    s.use('stopVU');
    lines.push(`if (why${k} !== undefined) stopVU(${str(list)}, ${str(name)}, why${k});`);
  } else {
    s.use('endIteration');
    lines.push(`if (why${k} !== undefined) endIteration(${str(name)}, why${k});`);
  }
  return lines;
}

/** Statuses that are not failures: the request's or the plan's expectedStatuses, else k6's 200-399. */
function expectedJs(rules: readonly (number | { min: number; max: number })[] | undefined): string {
  if (!rules) return '(st) => st >= 200 && st <= 399';
  const singles = rules.filter((x): x is number => typeof x === 'number');
  const ranges = rules.filter((x): x is { min: number; max: number } => typeof x !== 'number');
  const parts = [
    ...(singles.length ? [`${JSON.stringify(singles)}.includes(st)`] : []),
    ...ranges.map((x) => `(st >= ${x.min} && st <= ${x.max})`),
  ];
  return `(st) => ${parts.length ? parts.join(' || ') : 'false'}`;
}
