/** Executor rules k6 enforces beyond field types. */
import { isArrivalRate } from './arrival.ts';
import { parseDuration } from '../base/duration.ts';
import type { PlanIssue } from './errors.ts';
import type { Plan } from './schema/index.ts';

export function validateScenarios(plan: Plan): PlanIssue[] {
  const issues: PlanIssue[] = [];
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    const at = ['scenarios', name];
    switch (sc.executor) {
      case 'constant-vus':
        if (parseDuration(sc.duration) === 0)
          issues.push({ path: [...at, 'duration'], message: 'must be longer than 0s' });
        break;
      case 'shared-iterations':
        if ((sc.vus ?? 1) > (sc.iterations ?? 1)) {
          issues.push({
            path: [...at, 'vus'],
            message: `${sc.vus} VUs cannot share ${sc.iterations ?? 1} iterations: use at most as many VUs as iterations`,
          });
        }
        break;
      case 'ramping-vus':
      case 'ramping-arrival-rate': {
        const total = sc.stages.reduce((t, s) => t + (parseDuration(s.duration) ?? 0), 0);
        if (total === 0) issues.push({ path: [...at, 'stages'], message: 'the stages last 0s in total' });
        break;
      }
      default:
        break;
    }
    if (isArrivalRate(sc)) {
      if (sc.maxVUs !== undefined && sc.maxVUs < sc.preAllocatedVUs) {
        issues.push({ path: [...at, 'maxVUs'], message: `must be at least preAllocatedVUs (${sc.preAllocatedVUs})` });
      }
      if (Math.max(sc.preAllocatedVUs, sc.maxVUs ?? 0) === 0)
        issues.push({
          path: [...at, 'preAllocatedVUs'],
          message: 'an arrival-rate scenario needs at least 1 VU: set preAllocatedVUs or maxVUs',
        });
      if (sc.timeUnit !== undefined && parseDuration(sc.timeUnit) === 0)
        issues.push({ path: [...at, 'timeUnit'], message: 'must be longer than 0s' });
      if (sc.executor === 'constant-arrival-rate' && parseDuration(sc.duration) === 0)
        issues.push({ path: [...at, 'duration'], message: 'must be longer than 0s' });
    }
  }
  return issues;
}
