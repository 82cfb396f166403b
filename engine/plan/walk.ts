/** Visiting every request of a plan with its path, scenario and group (k6 group path form `::outer::inner`). */
import type { PathSegment } from './path.ts';
import type { Plan, Request, Step } from './schema/index.ts';

export interface RequestVisit {
  request: Request;
  path: PathSegment[];
  scenario: string;
  group: string;
}

export function* requestsOf(plan: Plan): Generator<RequestVisit> {
  for (const [scenario, sc] of Object.entries(plan.scenarios)) {
    yield* requestsIn(sc.steps, ['scenarios', scenario, 'steps'], scenario, '');
  }
}

export function* requestsIn(steps: readonly Step[], path: PathSegment[], scenario: string, group: string): Generator<RequestVisit> {
  for (const [i, step] of steps.entries()) {
    const at = [...path, i];
    if ('request' in step) yield { request: step.request, path: [...at, 'request'], scenario, group };
    else if ('batch' in step) {
      for (const [j, b] of step.batch.entries()) yield { request: b.request, path: [...at, 'batch', j, 'request'], scenario, group };
    } else if ('group' in step) {
      yield* requestsIn(step.group.steps, [...at, 'group', 'steps'], scenario, `${group}::${step.group.name}`);
    }
  }
}

/** Group paths (k6 form) used in a scenario's steps. */
export function groupsOf(steps: readonly Step[], parent = ''): string[] {
  const out: string[] = [];
  for (const step of steps) {
    if ('group' in step) {
      const g = `${parent}::${step.group.name}`;
      out.push(g, ...groupsOf(step.group.steps, g));
    }
  }
  return out;
}
