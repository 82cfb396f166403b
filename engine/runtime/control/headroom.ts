/**
 * How far a closed-model scenario (constant-vus, ramping-vus) may scale up mid-run, and the ${vu} numbers of the
 * VUs past the plan's. A VU is created only when a scale asks for it, and connections open only when used: the
 * ceiling costs nothing until then. It exists so that a typo (`--vus 100000`) is refused, not run out of memory.
 */
import type { Plan, Scenario } from '../../plan/schema/index.ts';
import { maxVus } from '../../plan/schedule.ts';

/** The ceiling is this many times the scenario's planned VUs... */
export const VU_CEILING_FACTOR = 10;
/** ...and at least this many. */
export const MIN_VU_CEILING = 100;

export interface VuHeadroom {
  /** Most VUs a scale may ask of the scenario. */
  ceiling: number;
  /** The ${vu} number of its first VU past the plan's (they come after every planned VU of the test). */
  firstExtraId: number;
}

/** Closed-model executors that run VUs over time, so a count can change: not iteration executors, not the open model. */
export function scalesVus(sc: Scenario): boolean {
  return sc.executor === 'constant-vus' || sc.executor === 'ramping-vus';
}

export function vuCeiling(planned: number): number {
  return Math.max(planned * VU_CEILING_FACTOR, MIN_VU_CEILING);
}

/** Per scenario that scales VUs: its ceiling and where its extra VUs' numbers start. */
export function vuHeadroom(plan: Plan): Record<string, VuHeadroom> {
  let next = Object.values(plan.scenarios).reduce((n, sc) => n + maxVus(sc), 0) + 1;
  const out: Record<string, VuHeadroom> = {};
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    if (!scalesVus(sc)) continue;
    const ceiling = vuCeiling(maxVus(sc));
    out[name] = { ceiling, firstExtraId: next };
    next += ceiling - maxVus(sc);
  }
  return out;
}
