/**
 * Open-model schedules (k6's arrival-rate executors), pure: when each iteration starts, and the planned rate.
 * constant-arrival-rate: iteration i starts at i * timeUnit / rate (the first at 0).
 * ramping-arrival-rate: iteration n (from 1) starts when the area under the rate curve reaches n; with the rate
 * linear within a stage, that time has a closed form (k6's `cal`, issue k6#1299).
 * Both are half-open, [0, end): an iteration due exactly at the end is not started.
 */
import { parseDuration } from '../base/duration.ts';
import { ARRIVAL_RATE_EXECUTORS } from './schema/constants.ts';
import type { ArrivalRateScenario, Scenario } from './schema/index.ts';

const ARRIVAL_RATE: ReadonlySet<string> = new Set(ARRIVAL_RATE_EXECUTORS);

/** Whether a scenario is of the open model (an arrival-rate executor). */
export function isArrivalRate(sc: Scenario): sc is ArrivalRateScenario {
  return ARRIVAL_RATE.has(sc.executor);
}

const ms = (d: string | undefined, fallback: number): number =>
  d === undefined ? fallback : (parseDuration(d) ?? fallback);

/** A ramping stage in iterations per ms, with where it starts in time and in area (iterations so far). */
interface RampStage {
  from: number;
  to: number;
  dur: number;
  start: number;
  done: number;
  end: number;
}

function rampStages(sc: Extract<ArrivalRateScenario, { executor: 'ramping-arrival-rate' }>): RampStage[] {
  const unit = ms(sc.timeUnit, 1000);
  const out: RampStage[] = [];
  let from = (sc.startRate ?? 0) / unit;
  let start = 0;
  let done = 0;
  for (const stage of sc.stages) {
    const to = stage.target / unit;
    const dur = ms(stage.duration, 0);
    const end = done + (dur * (from + to)) / 2;
    out.push({ from, to, dur, start, done, end });
    done = end;
    from = to;
    start += dur;
  }
  return out;
}

/** When the area under the stage's rate reaches n; n lies within the stage (up to a rounding error). */
function rampTime(s: RampStage, n: number): number {
  const { from, to, dur } = s;
  const area = n - s.done;
  // area(x) = from*x + (to-from)*x^2/(2*dur): solve for x.
  const x =
    from === to
      ? area / to
      : (from * dur - Math.sqrt(Math.max(0, dur * (from * from * dur + 2 * area * (to - from))))) / (from - to);
  return s.start + Math.min(dur, Math.max(0, x));
}

/** Iteration n of a ramp falls in the first stage whose area reaches it (1e-9: the area's rounding error). */
const inStage = (s: RampStage, n: number): boolean => n <= s.end + 1e-9;

/** Start times (ms from the scenario's start) of every iteration, in order. */
export function* arrivalTimes(sc: ArrivalRateScenario): Generator<number> {
  if (sc.executor === 'constant-arrival-rate') {
    const period = ms(sc.timeUnit, 1000) / sc.rate;
    const end = ms(sc.duration, 0);
    for (let i = 0; ; i++) {
      const t = i * period;
      if (t >= end) return;
      yield t;
    }
  }
  // Half-open like the constant rate: an iteration due exactly at the end is not started (deterministic counts).
  const stages = rampStages(sc);
  const total = stages.at(-1) ? (stages.at(-1) as RampStage).start + (stages.at(-1) as RampStage).dur : 0;
  let n = 1;
  for (const s of stages) {
    for (; inStage(s, n); n++) {
      const t = rampTime(s, n);
      if (t >= total) return;
      yield t;
    }
  }
}

/** The planned rate (iterations per second) at each change point, for charts. */
export function plannedRate(sc: ArrivalRateScenario): { atMs: number; perSecond: number }[] {
  const unit = ms(sc.timeUnit, 1000);
  const perS = (r: number): number => (r * 1000) / unit;
  if (sc.executor === 'constant-arrival-rate') {
    const end = ms(sc.duration, 0);
    return [
      { atMs: 0, perSecond: perS(sc.rate) },
      { atMs: end, perSecond: perS(sc.rate) },
    ];
  }
  const points = [{ atMs: 0, perSecond: perS(sc.startRate ?? 0) }];
  let t = 0;
  for (const s of sc.stages) {
    t += ms(s.duration, 0);
    points.push({ atMs: t, perSecond: perS(s.target) });
  }
  return points;
}

/**
 * How many iterations the schedule starts in total: exactly as many as arrivalTimes yields (the same arithmetic),
 * without walking them, so a day at 10,000/s costs nothing. The summary's target rate is this over the duration.
 */
export function plannedIterations(sc: ArrivalRateScenario): number {
  if (sc.executor === 'constant-arrival-rate') {
    const period = ms(sc.timeUnit, 1000) / sc.rate;
    const end = ms(sc.duration, 0);
    // The first i with i * period >= end, the generator's stop; the loops only correct Math.ceil's rounding.
    let n = Math.max(0, Math.ceil(end / period));
    while (n > 0 && (n - 1) * period >= end) n--;
    while (n * period < end) n++;
    return n;
  }
  const stages = rampStages(sc);
  const last = stages.at(-1);
  if (!last) return 0;
  const total = last.start + last.dur;
  // Every n up to the area is reached; only the last few can fall exactly on the end (excluded, half-open).
  let n = Math.floor(last.end + 1e-9);
  const timeOf = (k: number): number => rampTime(stages.find((s) => inStage(s, k)) ?? last, k);
  while (n >= 1 && timeOf(n) >= total) n--;
  return n;
}
