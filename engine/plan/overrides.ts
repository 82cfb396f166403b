/**
 * --vus / --duration / --iterations, k6-like: --duration turns every scenario into constant-vus, --iterations
 * into shared-iterations; --vus alone sets the VUs of executors that have a fixed number of them.
 * Steps, startTime, gracefulStop and tags are kept.
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
