/** How flow control compiles for one step list of a plan (a scenario's, setup's or teardown's): see FlowSettings. */
import { ARRIVAL_RATE_EXECUTORS, type Plan } from '../../plan/schema/index.ts';
import { fieldReferences, templateFields } from '../../plan/template-fields.ts';
import { SETUP, TEARDOWN } from '../../plan/walk.ts';
import type { FlowSettings } from './request.ts';

/** `list`: a scenario name, SETUP or TEARDOWN. */
export function flowSettings(plan: Plan, list: string): FlowSettings {
  const names = new Set<string>();
  let last = false;
  for (const f of templateFields(plan)) {
    if (f.scope.kind !== 'request' || f.scope.scenario !== list) continue;
    for (const r of fieldReferences(f)) {
      if (r.kind !== 'response') continue;
      if (r.name === '') last = true;
      else names.add(r.name);
    }
  }
  const executor = plan.scenarios[list]?.executor;
  // Setup must succeed to be of use: its failures end it (and the run) unless a request says onFailure: continue.
  const onFailure = list === SETUP ? 'endIteration' : plan.defaults?.onFailure;
  return {
    ...(onFailure !== undefined ? { onFailure } : {}),
    arrivalRate: executor !== undefined && ARRIVAL_RATE_EXECUTORS.includes(executor),
    reportFailures: list === SETUP || list === TEARDOWN,
    statuses: { last, names },
  };
}
