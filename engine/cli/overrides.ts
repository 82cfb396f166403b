/** The CLI's view of run overrides: the plan-level rules, with their errors reported as usage errors. */
import type { Plan } from '../plan/schema/index.ts';
import { applyOverrides as apply, OverrideError, type Overrides } from '../plan/overrides.ts';
import { UsageError } from './usage.ts';

export { describeOverrides, type Overrides } from '../plan/overrides.ts';

export function applyOverrides(plan: Plan, o: Overrides): Plan {
  try {
    return apply(plan, o);
  } catch (e) {
    if (e instanceof OverrideError) throw new UsageError(e.message);
    throw e;
  }
}
