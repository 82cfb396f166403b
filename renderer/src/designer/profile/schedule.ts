/**
 * The planned load of every scenario over time, for the load-profile chart: VUs (closed model, a step function
 * from the engine's plannedVus) or iterations started per second (open model), offset by startTime; the total VUs,
 * the peaks, the end, and the estimated requests.
 */
import { Scenario, plannedVus, regularDurationMs, startTimeMs } from 'loadsmith/plan';
import { iterationEstimate, requestsOf, timeBasedEstimate, vuMilliseconds, type LoadEstimate } from './estimate.ts';
import { iterationShape, type IterationShape } from './iteration-shape.ts';
import { objectOf, type Draft, type ScenarioDraft } from '../core/doc/index.ts';
import { executorSpec } from './executors.ts';
import { availableVus, rateIterations, ratePoints } from './rate.ts';

/** [time in ms from the start of the test, VUs (or iterations/s) from then on]. */
export type Point = [number, number];

export interface ScenarioLoad {
  name: string;
  executor: string;
  /** VUs (a step function) or iterations per second (linear between points). */
  draws: 'vus' | 'rate';
  startMs: number;
  /** When the scenario stops starting iterations (estimated for iteration executors). */
  endMs: number;
  points: Point[];
  /** Highest VUs, or highest iterations/s. */
  peak: number;
  estimate: LoadEstimate;
  /** The end is an estimate (iteration executors finish when their iterations are done). */
  estimatedEnd: boolean;
  /** Open model: VUs needed to keep up (peak rate × iteration time) and VUs the scenario may use. */
  vus?: { needed: number; available: number };
}

/** The load of one scenario, or a reason why it cannot be drawn yet (a half-typed duration, no stages). */
export function scenarioLoad(
  name: string,
  scenario: Draft<Scenario> | undefined,
): ScenarioLoad | { name: string; reason: string } {
  const raw = objectOf(scenario);
  if (!raw) return { name, reason: 'not a scenario' };
  // Only the load fields matter here: steps and tags are checked elsewhere, so a bad step does not hide the chart.
  const { steps, tags: _tags, ...fields } = raw;
  const parsed = Scenario.safeParse({ ...fields, steps: [{ think: '0s' }] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { name, reason: issue ? `${issue.path.join('.') || 'executor'}: ${issue.message}` : 'invalid load fields' };
  }
  const sc = parsed.data;
  const shape = iterationShape(steps);
  const load = executorSpec(sc.executor)?.draws === 'rate' ? openModel(fields, shape) : closedModel(sc, shape);
  const startMs = startTimeMs(sc);
  const points: Point[] = [
    ...(startMs > 0 ? [[0, 0] as Point] : []),
    ...load.relative.map(([t, v]): Point => [startMs + t, v]),
  ];
  const { relative: _r, ...rest } = load;
  return { name, executor: sc.executor, startMs, endMs: (points[points.length - 1] as Point)[0], points, ...rest };
}

type Curve = Omit<ScenarioLoad, 'name' | 'executor' | 'startMs' | 'endMs' | 'points'> & { relative: Point[] };

function closedModel(sc: Scenario, shape: IterationShape): Curve {
  if (sc.executor === 'per-vu-iterations' || sc.executor === 'shared-iterations') {
    const vus = sc.vus ?? 1;
    const iterations = sc.iterations ?? 1;
    const total = sc.executor === 'per-vu-iterations' ? vus * iterations : iterations;
    const perVu = sc.executor === 'per-vu-iterations' ? iterations : Math.ceil(iterations / vus);
    const { endMs, ...estimate } = iterationEstimate(total, perVu, vus, regularDurationMs(sc), shape);
    // Drawn until the iterations are expected to be done, not for the whole maxDuration (a limit, not a plan).
    const busy = Math.min(vus, total);
    return {
      draws: 'vus',
      relative: [
        [0, busy],
        [endMs, 0],
      ],
      peak: busy,
      estimate,
      estimatedEnd: true,
    };
  }
  const relative = plannedVus(sc).map((p): Point => [p.atMs, p.vus]);
  // Trailing stages at 0 VUs add no VU change, but the scenario still lasts until its stages end.
  const regular = regularDurationMs(sc);
  if ((relative.at(-1)?.[0] ?? 0) < regular) relative.push([regular, 0]);
  return {
    draws: 'vus',
    relative,
    peak: Math.max(0, ...relative.map((p) => p[1])),
    estimate: timeBasedEstimate(vuMilliseconds(relative), shape),
    estimatedEnd: false,
  };
}

function openModel(sc: ScenarioDraft, shape: IterationShape): Curve {
  const rate = ratePoints(sc);
  const iterations = rateIterations(rate);
  const peak = Math.max(0, ...rate.map((p) => p[1]));
  const end = (rate[rate.length - 1] as Point)[0];
  return {
    draws: 'rate',
    relative: [...rate, [end, 0]],
    peak,
    estimatedEnd: false,
    estimate: requestsOf(iterations, shape, false),
    vus: { needed: Math.ceil((peak * shape.durationMs) / 1000), available: availableVus(sc) },
  };
}
