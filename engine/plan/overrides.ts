/**
 * --vus / --duration / --iterations / --rate, k6-like: --duration turns every closed-model scenario into
 * constant-vus, --iterations into shared-iterations; --vus alone sets the VUs of executors that have a fixed number
 * of them. --rate R (iterations per second, per scenario) drives the open model: a constant-arrival-rate scenario
 * takes R, a ramping-arrival-rate one keeps its shape scaled so its peak is R, and with --duration a closed-model
 * scenario becomes constant-arrival-rate at R. A constant-arrival-rate scenario takes a new duration. Steps,
 * startTime, gracefulStop and tags are kept.
 */
import { isArrivalRate } from './arrival.ts';
import type { ArrivalRateScenario, Plan, Scenario } from './schema/index.ts';
import { parseDuration } from '../base/duration.ts';
import { maxVus } from './schedule.ts';

/** The overrides cannot apply to this plan (the CLI reports it as a usage error, the app as invalid params). */
export class OverrideError extends Error {}

export interface Overrides {
  vus?: number | undefined;
  duration?: string | undefined;
  iterations?: number | undefined;
  rate?: number | undefined;
}

type Common = Pick<Scenario, 'steps' | 'startTime' | 'gracefulStop' | 'tags'>;

export function applyOverrides(plan: Plan, o: Overrides): Plan {
  if (o.vus === undefined && o.duration === undefined && o.iterations === undefined && o.rate === undefined)
    return plan;
  if (o.duration !== undefined && o.iterations !== undefined)
    throw new OverrideError('--duration and --iterations cannot be combined: choose one');
  if (o.rate !== undefined && o.iterations !== undefined)
    throw new OverrideError('--rate and --iterations cannot be combined: the rate decides how many iterations start');
  const scenarios: Record<string, Scenario> = {};
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    const common: Common = {
      steps: sc.steps,
      ...(sc.startTime ? { startTime: sc.startTime } : {}),
      ...(sc.gracefulStop ? { gracefulStop: sc.gracefulStop } : {}),
      ...(sc.tags ? { tags: sc.tags } : {}),
    };
    if (isArrivalRate(sc)) scenarios[name] = openModel(name, sc, o);
    else if (o.rate !== undefined) scenarios[name] = closedToRate(name, sc, o.rate, o, common);
    else if (o.iterations !== undefined)
      scenarios[name] = {
        executor: 'shared-iterations',
        vus: Math.min(o.vus ?? Math.max(1, maxVus(sc)), o.iterations),
        iterations: o.iterations,
        ...common,
      };
    else if (o.duration !== undefined)
      scenarios[name] = {
        executor: 'constant-vus',
        vus: o.vus ?? Math.max(1, maxVus(sc)),
        duration: o.duration,
        ...common,
      };
    else if (sc.executor === 'ramping-vus')
      throw new OverrideError(
        `--vus alone cannot change the ramping-vus scenario '${name}' (its stages set the VUs): add --duration or --iterations`,
      );
    else scenarios[name] = { ...sc, vus: o.vus };
  }
  return { ...plan, scenarios };
}

/** The open model is driven by its rate: VUs and iteration counts do not apply; a rate and a constant rate's duration do. */
function openModel(name: string, sc: ArrivalRateScenario, o: Overrides): Scenario {
  if (o.vus !== undefined || o.iterations !== undefined)
    throw new OverrideError(
      `--vus and --iterations do not apply to the ${sc.executor} scenario '${name}' (its rate drives the load): use --rate or --duration, or edit the plan`,
    );
  if (sc.executor === 'constant-arrival-rate') {
    return {
      ...sc,
      ...(o.duration !== undefined ? { duration: o.duration } : {}),
      ...(o.rate !== undefined ? { rate: o.rate, timeUnit: '1s' } : {}),
    };
  }
  if (o.duration !== undefined)
    throw new OverrideError(
      `--duration cannot shorten the stages of the ramping-arrival-rate scenario '${name}': edit its stages`,
    );
  const rate = o.rate as number;
  // Keep the shape: every target (per timeUnit) scaled so the peak, per second, becomes the rate.
  const unitS = (parseDuration(sc.timeUnit ?? '1s') ?? 1000) / 1000;
  const peakPerS = Math.max(sc.startRate ?? 0, ...sc.stages.map((s) => s.target)) / unitS;
  if (peakPerS === 0)
    throw new OverrideError(`--rate cannot scale the ramping-arrival-rate scenario '${name}': all its targets are 0`);
  const k = rate / peakPerS;
  const scale = (v: number): number => Math.round(v * k * 1000) / 1000;
  return {
    ...sc,
    ...(sc.startRate !== undefined ? { startRate: scale(sc.startRate) } : {}),
    stages: sc.stages.map((s) => ({ ...s, target: scale(s.target) })),
  };
}

/** A closed-model scenario run at a fixed rate: as many VUs as it had to begin with, up to ten times more as needed. */
function closedToRate(name: string, sc: Scenario, rate: number, o: Overrides, common: Common): Scenario {
  if (o.duration === undefined)
    throw new OverrideError(
      `--rate needs --duration for the ${sc.executor} scenario '${name}' (it becomes constant-arrival-rate): add --duration`,
    );
  const vus = o.vus ?? Math.max(1, maxVus(sc));
  return {
    executor: 'constant-arrival-rate',
    rate,
    timeUnit: '1s',
    duration: o.duration,
    preAllocatedVUs: vus,
    maxVUs: Math.max(vus * 10, Math.ceil(rate)),
    ...common,
  };
}

/** "--vus 10 --duration 30s", for the summary header. */
export function describeOverrides(o: Overrides): string | undefined {
  const parts = [
    o.vus !== undefined ? `--vus ${o.vus}` : '',
    o.duration ? `--duration ${o.duration}` : '',
    o.iterations !== undefined ? `--iterations ${o.iterations}` : '',
    o.rate !== undefined ? `--rate ${o.rate}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : undefined;
}
