/** How flow control compiles for each step list of a plan (a scenario's, setup's or teardown's): see FlowSettings. */
import { isArrivalRate } from '../../plan/arrival.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { fieldReferences, templateFields } from '../../plan/template-fields.ts';
import { SETUP, TEARDOWN } from '../../plan/walk.ts';
import type { FlowSettings } from './request.ts';

type Statuses = NonNullable<FlowSettings['statuses']>;

/**
 * The settings of every step list, by list name (a scenario name, SETUP or TEARDOWN). The plan's expressions are
 * read once for all lists: a plan may have thousands of scenarios and requests.
 */
export function flowSettingsOf(plan: Plan): (list: string) => FlowSettings {
  const statuses = new Map<string, { last: boolean; names: Set<string> }>();
  for (const f of templateFields(plan)) {
    if (f.scope.kind !== 'request') continue;
    for (const r of fieldReferences(f)) {
      if (r.kind !== 'response') continue;
      const s = statuses.get(f.scope.scenario) ?? { last: false, names: new Set<string>() };
      statuses.set(f.scope.scenario, s);
      if (r.name === '') s.last = true;
      else s.names.add(r.name);
    }
  }
  const none: Statuses = { last: false, names: new Set() };
  return (list) => {
    const scenario = plan.scenarios[list];
    // Setup must succeed to be of use: its failures end it (and the run) unless a request says onFailure: continue.
    const onFailure = list === SETUP ? 'endIteration' : plan.defaults?.onFailure;
    return {
      ...(onFailure !== undefined ? { onFailure } : {}),
      arrivalRate: scenario !== undefined && isArrivalRate(scenario),
      reportFailures: list === SETUP || list === TEARDOWN,
      statuses: statuses.get(list) ?? none,
    };
  };
}
