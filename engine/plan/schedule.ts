/**
 * Executor schedules with k6's semantics, as pure functions: the planned number of VUs over time, how long a
 * scenario lasts, and a one-line description. The runtime, the CLI header and the designer's preview share them.
 */
import { formatDuration, parseDuration } from '../base/duration.ts';
import { isArrivalRate, plannedRate } from './arrival.ts';
import type { Plan, Scenario } from './schema/index.ts';

export const DEFAULT_GRACEFUL_STOP_MS = 30_000;
export const DEFAULT_MAX_DURATION_MS = 600_000;

export interface VuStep {
  atMs: number;
  vus: number;
}

const ms = (d: string | undefined, fallback: number): number =>
  d === undefined ? fallback : (parseDuration(d) ?? fallback);

/**
 * ramping-vus: within a stage from `a` to `b` VUs over `d`, the count moves by one at stageStart + d*k/|b-a|
 * (k = 1..|b-a|), as k6's getRawExecutionSteps does; a 0s stage jumps at once. Ends with 0 VUs at the end.
 */
export function rampingVuSteps(startVUs: number, stages: readonly { duration: string; target: number }[]): VuStep[] {
  const steps: VuStep[] = [{ atMs: 0, vus: startVUs }];
  const add = (atMs: number, vus: number): void => {
    const last = steps[steps.length - 1] as VuStep;
    if (last.vus === vus) return;
    if (last.atMs === atMs) last.vus = vus;
    else steps.push({ atMs, vus });
  };
  let from = startVUs;
  let start = 0;
  for (const stage of stages) {
    const d = ms(stage.duration, 0);
    const diff = stage.target - from;
    if (d === 0) add(start, stage.target);
    else
      for (let k = 1; k <= Math.abs(diff); k++)
        add(start + Math.floor((d * k) / Math.abs(diff)), from + Math.sign(diff) * k);
    from = stage.target;
    start += d;
  }
  add(start, 0);
  return steps;
}

/** Planned VUs of one scenario over time, relative to its own start (ends with 0 at its regular end). */
export function plannedVus(sc: Scenario): VuStep[] {
  switch (sc.executor) {
    case 'ramping-vus':
      return rampingVuSteps(sc.startVUs ?? 1, sc.stages);
    case 'constant-vus':
      return [
        { atMs: 0, vus: sc.vus ?? 1 },
        { atMs: ms(sc.duration, 0), vus: 0 },
      ];
    // Open model: VUs follow the load; the plan only bounds them.
    case 'constant-arrival-rate':
    case 'ramping-arrival-rate':
      return [
        { atMs: 0, vus: sc.preAllocatedVUs },
        { atMs: regularDurationMs(sc), vus: 0 },
      ];
    default:
      return [
        { atMs: 0, vus: sc.vus ?? 1 },
        { atMs: ms(sc.maxDuration, DEFAULT_MAX_DURATION_MS), vus: 0 },
      ];
  }
}

export function maxVus(sc: Scenario): number {
  if (isArrivalRate(sc)) return Math.max(sc.preAllocatedVUs, sc.maxVUs ?? 0);
  return sc.executor === 'ramping-vus' ? Math.max(sc.startVUs ?? 1, ...sc.stages.map((s) => s.target)) : (sc.vus ?? 1);
}

/** Regular duration: when no new iteration starts any more (iteration executors may finish earlier). */
export function regularDurationMs(sc: Scenario): number {
  switch (sc.executor) {
    case 'constant-vus':
    case 'constant-arrival-rate':
      return ms(sc.duration, 0);
    case 'ramping-vus':
    case 'ramping-arrival-rate':
      return sc.stages.reduce((t, s) => t + ms(s.duration, 0), 0);
    default:
      return ms(sc.maxDuration, DEFAULT_MAX_DURATION_MS);
  }
}

export function gracefulStopMs(sc: Scenario): number {
  return ms(sc.gracefulStop, DEFAULT_GRACEFUL_STOP_MS);
}
export function startTimeMs(sc: Scenario): number {
  return ms(sc.startTime, 0);
}

/** Longest possible test duration, graceful stops included. */
export function planMaxDurationMs(plan: Plan): number {
  return Math.max(
    0,
    ...Object.values(plan.scenarios).map((s) => startTimeMs(s) + regularDurationMs(s) + gracefulStopMs(s)),
  );
}

/** k6-style line: "20 looping VUs for 30s (gracefulStop: 30s)". */
export function describeScenario(sc: Scenario): string {
  const extra = [
    sc.startTime && ms(sc.startTime, 0) > 0 ? `startTime: ${sc.startTime}` : '',
    `gracefulStop: ${formatDuration(gracefulStopMs(sc))}`,
  ]
    .filter(Boolean)
    .join(', ');
  const vus = (n: number): string => `${n} VU${n === 1 ? '' : 's'}`;
  switch (sc.executor) {
    case 'constant-vus':
      return `${sc.vus ?? 1} looping VU${(sc.vus ?? 1) === 1 ? '' : 's'} for ${sc.duration} (${extra})`;
    case 'ramping-vus':
      return `up to ${vus(maxVus(sc))} over ${sc.stages.length} stage${sc.stages.length === 1 ? '' : 's'} for ${formatDuration(regularDurationMs(sc))} (${extra}, gracefulRampDown: ${formatDuration(ms(sc.gracefulRampDown, DEFAULT_GRACEFUL_STOP_MS))})`;
    case 'per-vu-iterations':
      return `${sc.iterations ?? 1} iterations for each of ${vus(sc.vus ?? 1)} (maxDuration: ${formatDuration(regularDurationMs(sc))}, ${extra})`;
    case 'shared-iterations':
      return `${sc.iterations ?? 1} iterations shared among ${vus(sc.vus ?? 1)} (maxDuration: ${formatDuration(regularDurationMs(sc))}, ${extra})`;
    case 'constant-arrival-rate':
      return `${rate(plannedRate(sc)[0]?.perSecond ?? 0)} for ${sc.duration} (maxVUs: ${maxVus(sc)}, ${extra})`;
    case 'ramping-arrival-rate': {
      const peak = Math.max(...plannedRate(sc).map((p) => p.perSecond));
      return `up to ${rate(peak)} over ${sc.stages.length} stage${sc.stages.length === 1 ? '' : 's'} for ${formatDuration(regularDurationMs(sc))} (maxVUs: ${maxVus(sc)}, ${extra})`;
    }
  }
}

const rate = (perSecond: number): string =>
  `${Number.isInteger(perSecond) ? perSecond : perSecond.toFixed(2)} iterations/s`;
