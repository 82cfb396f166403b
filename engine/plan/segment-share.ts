/**
 * A scenario's share of the load in one execution segment, as k6's executors compute it (grafana/k6
 * lib/executor/*.go with an ExecutionTuple):
 *   constant-vus, per-vu-iterations  VUs scaled (ScaleInt64); per-vu-iterations keeps the iterations per VU
 *   shared-iterations                VUs scaled; iterations scaled by the tuple re-cut by the VUs
 *                                    (GetNewExecutionTupleFromValue(vus)), so a segment without VUs gets none
 *   ramping-vus                      startVUs and every stage target scaled at each step (k6's SegmentedIndex)
 *   constant/ramping-arrival-rate    preAllocatedVUs and maxVUs scaled; the segment starts the iterations of
 *                                    the global schedule that the tuple re-cut by maxVUs stripes to it, at their
 *                                    global times: its rate is the plan's times its share
 * Local VU k of a segment is the whole test's VU `vus.globalIndex(k)`, so ${vu} numbers stay unique.
 */
import { isArrivalRate, plannedRate } from './arrival.ts';
import { maxVus } from './schedule.ts';
import { formatSegment, toNumber, sub } from '../base/segment.ts';
import type { SegmentTuple } from '../base/segment-tuple.ts';
import type { Scenario } from './schema/index.ts';

export interface ScenarioShare {
  /** The most VUs this segment runs: closed model its (peak) VUs, open model its maxVUs. */
  maxVus: number;
  /** Stripes VUs: the segment's VU k is the test's VU vus.globalIndex(k); scales planned VU counts. */
  vus: SegmentTuple;
  /** shared-iterations: this segment's iterations. */
  iterations?: number;
  /** Open model: pre-allocated VUs, and the iterations of the global schedule this segment starts (none: undefined). */
  preAllocated?: number;
  arrivals?: SegmentTuple;
  /** "50 of 200 iterations, 1 of 4 VUs", for the run header. */
  description: string;
}

export function scenarioShare(sc: Scenario, tuple: SegmentTuple): ScenarioShare {
  const of = (part: number, whole: number, unit: string): string =>
    `${part} of ${whole} ${unit}${whole === 1 ? '' : 's'}`;
  const total = maxVus(sc);
  const vus = tuple.scale(total);
  if (isArrivalRate(sc)) {
    const arrivals = total === 0 ? tuple : tuple.forValue(total);
    const part = arrivals ? toNumber(sub(arrivals.segment.to, arrivals.segment.from)) : 0;
    const peak = Math.max(...plannedRate(sc).map((p) => p.perSecond));
    const rate = `${part === 1 ? 'every' : arrivals ? `${formatShare(part)} of the` : 'none of the'} iterations (about ${round(peak * part)} of ${round(peak)} iterations/s at the peak)`;
    return {
      maxVus: vus,
      vus: tuple,
      preAllocated: tuple.scale(sc.preAllocatedVUs),
      ...(arrivals ? { arrivals } : {}),
      description: `${rate}, maxVUs ${of(vus, total, 'VU')}`,
    };
  }
  if (sc.executor === 'shared-iterations') {
    const all = sc.iterations ?? 1;
    const iterations = tuple.forValue(total)?.scale(all) ?? 0;
    return {
      maxVus: vus,
      vus: tuple,
      iterations,
      description: `${of(iterations, all, 'iteration')}, ${of(vus, total, 'VU')}`,
    };
  }
  if (sc.executor === 'per-vu-iterations')
    return { maxVus: vus, vus: tuple, description: `${of(vus, total, 'VU')} × ${sc.iterations ?? 1} iterations` };
  return {
    maxVus: vus,
    vus: tuple,
    description: sc.executor === 'ramping-vus' ? `up to ${of(vus, total, 'VU')}` : of(vus, total, 'VU'),
  };
}

/** "the segment 1/4:1/2 runs 50 of 200 iterations, ..." appended to the scenario's own description. */
export function describeShare(share: ScenarioShare): string {
  return share.vus.isWhole ? '' : `; segment ${formatSegment(share.vus.segment)} runs ${share.description}`;
}

/** The start times (of arrivalTimes) of the iterations this segment starts: the global schedule, striped. */
export function* segmentTimes(times: Iterable<number>, arrivals: SegmentTuple | undefined): Generator<number> {
  if (!arrivals) return;
  if (arrivals.isWhole) {
    yield* times;
    return;
  }
  let local = 0;
  let next = arrivals.globalIndex(0);
  let index = 0;
  for (const t of times) {
    if (index++ !== next) continue;
    yield t;
    next = arrivals.globalIndex(++local);
  }
}

const round = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2));
const formatShare = (f: number): string => `${round(f * 100)}%`;
