/** The four closed-model executors as policies over ScenarioRun (k6 semantics); the open model is arrival-rate-run.ts. */
import type { ArrivalRateScenario, Scenario } from '../../plan/schema/index.ts';
import { DEFAULT_GRACEFUL_STOP_MS, gracefulStopMs, rampingVuSteps } from '../../plan/schedule.ts';
import { parseDuration } from '../../base/duration.ts';
import type { ExecutorPolicy, ScenarioRun, VuSlot } from './scenario-run.ts';

type ClosedScenario = Exclude<Scenario, ArrivalRateScenario>;

/** A shared-iterations budget is claimed through this (an Atomics counter shared by all workers). */
export interface IterationClaim {
  claim(): boolean;
}

/** `scaleVus` maps the plan's VU counts to this run's share (an execution segment's; identity for the whole test). */
export function policyFor(
  sc: ClosedScenario,
  claim: IterationClaim | undefined,
  scaleVus: (vus: number) => number = (v) => v,
): ExecutorPolicy {
  switch (sc.executor) {
    case 'constant-vus':
      return { begin: activateAll, mayStart: () => true, exhausted: () => true };
    case 'per-vu-iterations': {
      const n = sc.iterations ?? 1;
      return { begin: activateAll, mayStart: (slot: VuSlot) => slot.iter < n, exhausted: () => true };
    }
    case 'shared-iterations':
      if (!claim) throw new Error('shared-iterations needs a shared iteration counter');
      return { begin: activateAll, mayStart: () => claim.claim(), exhausted: () => true };
    case 'ramping-vus':
      return rampingPolicy(
        sc.startVUs ?? 1,
        sc.stages,
        parseDuration(sc.gracefulRampDown ?? '') ?? DEFAULT_GRACEFUL_STOP_MS,
        scaleVus,
      );
  }
}

/** How long a VU a mid-run scale down retires may finish its iteration: the ramp's gracefulRampDown, else gracefulStop. */
export function scaleDownGraceMs(sc: ClosedScenario): number {
  return sc.executor === 'ramping-vus'
    ? (parseDuration(sc.gracefulRampDown ?? '') ?? DEFAULT_GRACEFUL_STOP_MS)
    : gracefulStopMs(sc);
}

function activateAll(run: ScenarioRun): void {
  for (const s of run.slots) run.activate(s);
}

/**
 * Follows the planned VU count: at each step, local VUs with an index below the target run, the others retire
 * (no new iteration; interrupted after gracefulRampDown). Striping by index keeps every worker's share even.
 * Once a mid-run scale set the count, the remaining steps are not followed (ScenarioRun.follow).
 * In an execution segment the planned count is scaled (k6's SegmentedIndex): the segment's VU k runs while the
 * test's VU it stands for would.
 */
function rampingPolicy(
  startVUs: number,
  stages: readonly { duration: string; target: number }[],
  rampDownMs: number,
  scaleVus: (vus: number) => number,
): ExecutorPolicy {
  // The drop to 0 at the regular end is the scenario's gracefulStop's job, not a ramp-down.
  const endMs = stages.reduce((t, s) => t + (parseDuration(s.duration) ?? 0), 0);
  const steps = rampingVuSteps(startVUs, stages).filter(
    (s) => !(s.vus === 0 && s.atMs >= endMs && (stages.at(-1)?.target ?? 0) > 0),
  );
  return {
    begin(run) {
      for (const step of steps) {
        const vus = scaleVus(step.vus);
        run.after(step.atMs, () => run.follow(vus, rampDownMs));
      }
    },
    mayStart: () => true,
    exhausted: () => false,
  };
}
