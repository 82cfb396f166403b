/** Connection options every request of a plan repeats (insecureTls for a recording's test host) go to defaults.http. */
import type { Plan, Request, Step } from '../../plan/schema/index.ts';

export function hoistConnection(plan: Plan): Plan {
  const requests: Request[] = [];
  const walk = (steps: readonly Step[]): void => {
    for (const s of steps) {
      if ('request' in s) requests.push(s.request);
      else if ('batch' in s) requests.push(...s.batch.map((b) => b.request));
      else if ('group' in s) walk(s.group.steps);
    }
  };
  for (const sc of Object.values(plan.scenarios)) walk(sc.steps);
  const first = requests[0]?.http;
  if (!first || requests.some((r) => JSON.stringify(r.http) !== JSON.stringify(first))) return plan;
  for (const r of requests) delete r.http;
  return { ...plan, defaults: { ...plan.defaults, http: { ...plan.defaults?.http, ...first } } };
}
