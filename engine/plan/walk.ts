/**
 * Visiting the steps and requests of a plan with their paths, scenario and group (k6 group path form
 * `::outer::inner`): scenarios in order, then setup and teardown under the names SETUP and TEARDOWN (which no
 * scenario can have), inside groups, batches, branches and loops.
 */
import type { PathSegment } from './path.ts';
import { childLists } from './child-lists.ts';
import type { Plan, Request, Step } from './schema/index.ts';

/** What setup's and teardown's requests are counted under where a scenario name goes (results, messages). */
export const SETUP = '(setup)';
export const TEARDOWN = '(teardown)';

export interface StepList {
  scenario: string;
  steps: readonly Step[];
  path: PathSegment[];
}

/** The plan's top step lists: each scenario's, then setup's and teardown's. */
export function stepListsOf(plan: Plan): StepList[] {
  const out: StepList[] = Object.entries(plan.scenarios).map(([scenario, sc]) => ({
    scenario,
    steps: sc.steps,
    path: ['scenarios', scenario, 'steps'],
  }));
  if (plan.setup) out.push({ scenario: SETUP, steps: plan.setup.steps, path: ['setup', 'steps'] });
  if (plan.teardown) out.push({ scenario: TEARDOWN, steps: plan.teardown.steps, path: ['teardown', 'steps'] });
  return out;
}

export interface StepVisit {
  step: Step;
  path: PathSegment[];
  scenario: string;
  group: string;
}

/** Every step of a list, depth first in document order, with its path, scenario and group. */
export function* stepsIn(
  steps: readonly Step[],
  path: PathSegment[],
  scenario: string,
  group: string,
): Generator<StepVisit> {
  for (const [i, step] of steps.entries()) {
    const at = [...path, i];
    yield { step, path: at, scenario, group };
    const inner = 'group' in step ? `${group}::${step.group.name}` : group;
    for (const child of childLists(step)) yield* stepsIn(child.steps, [...at, ...child.path], scenario, inner);
  }
}

/** Every step of the plan (scenarios, setup, teardown). */
export function* stepsOf(plan: Plan): Generator<StepVisit> {
  for (const list of stepListsOf(plan)) yield* stepsIn(list.steps, list.path, list.scenario, '');
}

export interface RequestVisit {
  request: Request;
  path: PathSegment[];
  scenario: string;
  group: string;
}

export function* requestsOf(plan: Plan): Generator<RequestVisit> {
  for (const list of stepListsOf(plan)) yield* requestsIn(list.steps, list.path, list.scenario, '');
}

export function* requestsIn(
  steps: readonly Step[],
  path: PathSegment[],
  scenario: string,
  group: string,
): Generator<RequestVisit> {
  for (const { step, path: at, group: g } of stepsIn(steps, path, scenario, group)) {
    if ('request' in step) yield { request: step.request, path: [...at, 'request'], scenario, group: g };
    else if ('batch' in step) {
      for (const [j, b] of step.batch.entries())
        yield { request: b.request, path: [...at, 'batch', j, 'request'], scenario, group: g };
    }
  }
}

/** Group paths (k6 form) used in a scenario's steps, inside branches and loops too. */
export function groupsOf(steps: readonly Step[], parent = ''): string[] {
  const out: string[] = [];
  for (const { step, group } of stepsIn(steps, [], '', parent))
    if ('group' in step) out.push(`${group}::${step.group.name}`);
  return out;
}
