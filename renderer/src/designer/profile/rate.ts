/**
 * Open-model (arrival-rate) scenarios for the chart: the planned rate in iterations per second over time, the
 * iterations it starts (the area under the rate), and the VUs it needs to keep up (rate × iteration time).
 * Read from the scenario's fields as k6 defines them: the rate is per timeUnit (default 1s) and moves linearly
 * within a stage.
 */
import { parseDuration } from 'loadsmith/plan';
import { listOf, objectOf, type ScenarioDraft } from '../core/doc/index.ts';

type Point = [number, number];
const ms = (v: unknown, fallback: number): number =>
  typeof v === 'string' ? (parseDuration(v) ?? fallback) : fallback;
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** [ms from the scenario's start, iterations per second]; linear between points, 0 after the last. */
export function ratePoints(sc: ScenarioDraft): Point[] {
  const perSecond = (r: number): number => (r * 1000) / Math.max(ms(sc.timeUnit, 1000), 1);
  if (sc.executor === 'constant-arrival-rate') {
    const r = perSecond(num(sc.rate, 0));
    return [
      [0, r],
      [ms(sc.duration, 0), r],
    ];
  }
  const points: Point[] = [[0, perSecond(num(sc.startRate, 0))]];
  let t = 0;
  for (const stage of listOf(sc.stages)) {
    const s = objectOf(stage);
    t += ms(s?.duration, 0);
    points.push([t, perSecond(num(s?.target, 0))]);
  }
  return points;
}

/** Iterations started: the area under the (piecewise linear) rate curve. */
export function rateIterations(points: readonly Point[]): number {
  let n = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const [t0, r0] = points[i] as Point;
    const [t1, r1] = points[i + 1] as Point;
    n += ((t1 - t0) / 1000) * ((r0 + r1) / 2);
  }
  return n;
}

/** The VUs the scenario may use: maxVUs, else preAllocatedVUs. */
export function availableVus(sc: ScenarioDraft): number {
  return Math.max(num(sc.preAllocatedVUs, 0), num(sc.maxVUs, 0));
}
