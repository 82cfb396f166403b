/**
 * --vus / --duration / --iterations, k6-like: --duration turns every closed-model scenario into constant-vus,
 * --iterations into shared-iterations; --vus alone sets the VUs of executors that have a fixed number of them.
 * A constant-arrival-rate scenario keeps its rate and takes the new duration. Steps, startTime, gracefulStop and
 * tags are kept.
 */
import type { Plan, Scenario } from './schema/index.ts';
import { maxVus } from './schedule.ts';

/** The overrides cannot apply to this plan (the CLI reports it as a usage error, the app as invalid params). */
export class OverrideError extends Error {}

export interface Overrides { vus?: number | undefined; duration?: string | undefined; iterations?: number | undefined }

export function applyOverrides(plan: Plan, o: Overrides): Plan {
  if (o.vus === undefined && o.duration === undefined && o.iterations === undefined) return plan;
  if (o.duration !== undefined && o.iterations !== undefined) throw new OverrideError('--duration and --iterations cannot be combined: choose one');
  const scenarios: Record<string, Scenario> = {};
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    const common = { steps: sc.steps, ...(sc.startTime ? { startTime: sc.startTime } : {}), ...(sc.gracefulStop ? { gracefulStop: sc.gracefulStop } : {}), ...(sc.tags ? { tags: sc.tags } : {}) };
    if (sc.executor === 'constant-arrival-rate' || sc.executor === 'ramping-arrival-rate') {
      // The open model is driven by its rate: VUs and iteration counts do not apply; only a constant rate's duration does.
      if (o.vus !== undefined || o.iterations !== undefined) throw new OverrideError(`--vus and --iterations do not apply to the ${sc.executor} scenario '${name}' (its rate drives the load): use --duration, or edit the plan`);
      if (sc.executor === 'ramping-arrival-rate') throw new OverrideError(`--duration cannot shorten the stages of the ramping-arrival-rate scenario '${name}': edit its stages`);
      scenarios[name] = { ...sc, duration: o.duration as string };
      continue;
    }
    if (o.iterations !== undefined) {
      scenarios[name] = { executor: 'shared-iterations', vus: Math.min(o.vus ?? Math.max(1, maxVus(sc)), o.iterations), iterations: o.iterations, ...common };
    } else if (o.duration !== undefined) {
      scenarios[name] = { executor: 'constant-vus', vus: o.vus ?? Math.max(1, maxVus(sc)), duration: o.duration, ...common };
    } else if (sc.executor === 'ramping-vus') {
      throw new OverrideError(`--vus alone cannot change the ramping-vus scenario '${name}' (its stages set the VUs): add --duration or --iterations`);
    } else {
      scenarios[name] = { ...sc, vus: o.vus };
    }
  }
  return { ...plan, scenarios };
}

/** "--vus 10 --duration 30s", for the summary header. */
export function describeOverrides(o: Overrides): string | undefined {
  const parts = [o.vus !== undefined ? `--vus ${o.vus}` : '', o.duration ? `--duration ${o.duration}` : '', o.iterations !== undefined ? `--iterations ${o.iterations}` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}
