/**
 * What the coordinator needs to know about an execution segment: the scenarios as this run runs them (the whole
 * plan, or the segment's share of each), notes about scenarios the segment gets nothing of, and the `shard` part of
 * the summary that `loadsmith merge` needs.
 */
import { createHash } from 'node:crypto';
import type { RunAggregate } from '../metrics/aggregate.ts';
import { encodeAggregate, SHARD_FORMAT, type ShardData, type ShardSecond } from '../metrics/shard.ts';
import { isArrivalRate, plannedIterations } from '../plan/arrival.ts';
import type { Plan, Scenario } from '../plan/schema/index.ts';
import { describeScenario, maxVus, regularDurationMs, startTimeMs } from '../plan/schedule.ts';
import { describeShare, scenarioShare } from '../plan/segment-share.ts';
import { formatSegment, formatSequence } from '../base/segment.ts';
import { SegmentTuple, type SegmentSpec } from '../base/segment-tuple.ts';
import { customTags } from './tags.ts';

/** The first words of a segment run's note (merge leaves these notes out). */
export const SEGMENT_NOTE = 'execution segment';

export interface RunScenario {
  name: string;
  executor: string;
  description: string;
  maxVus: number;
  startMs: number;
  regularMs: number;
  /** Open model: the iterations this run's schedule starts (the plan's, or the segment's stripe of them). */
  planned?: number;
}

export function segmentTuple(spec: SegmentSpec | undefined): SegmentTuple {
  return spec ? SegmentTuple.fromSpec(spec) : SegmentTuple.whole();
}

/** The scenarios with this run's share of their VUs, and a note for each the segment runs nothing of. */
export function runScenarios(plan: Plan, tuple: SegmentTuple): { scenarios: RunScenario[]; notes: string[] } {
  const notes: string[] = tuple.isWhole
    ? []
    : [
        `${SEGMENT_NOTE} ${formatSegment(tuple.segment)} of ${formatSequence(tuple.stripes.sequence)}: these are the numbers of this part of the plan; 'loadsmith merge' the shards for the whole run`,
      ];
  const scenarios = Object.entries(plan.scenarios).map(([name, sc]) => {
    const share = scenarioShare(sc, tuple);
    if (!tuple.isWhole && share.maxVus === 0) {
      notes.push(
        `segment ${formatSegment(tuple.segment)} runs nothing of scenario '${name}': its ${maxVus(sc)} VU(s) all went to other segments (k6 splits VUs the same way)`,
      );
    }
    // The segment starts the planned iterations its stripe owns: scale() counts them (segment-share.test.ts).
    const planned = isArrivalRate(sc)
      ? { planned: share.arrivals ? share.arrivals.scale(plannedIterations(sc)) : 0 }
      : {};
    return {
      name,
      executor: sc.executor,
      description: describeScenario(sc) + describeShare(share),
      maxVus: share.maxVus,
      startMs: startTimeMs(sc),
      regularMs: regularDurationMs(sc),
      ...planned,
    };
  });
  return { scenarios, notes };
}

/** sha256 of the plan with its keys sorted: the same plan (after overrides) gives the same hash on every machine. */
export function planHash(plan: Plan): string {
  const canonical = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canonical);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return `sha256:${createHash('sha256')
    .update(JSON.stringify(canonical(plan)))
    .digest('hex')}`;
}

/** The summary's `shard`: the run's totals and per-second histograms, plus what merging needs of the whole plan. */
/** `hash`: planHash() of the whole plan, taken before the coordinator forgot its scenarios' steps (coordinator.ts). */
export function shardData(
  plan: Plan,
  hash: string,
  tuple: SegmentTuple,
  agg: RunAggregate,
  seconds: ShardSecond[],
): ShardData {
  const scenarios = Object.entries(plan.scenarios).map(([name, sc]) => ({
    name,
    executor: sc.executor,
    description: describeScenario(sc),
    maxVus: maxVus(sc),
    startMs: startTimeMs(sc),
    regularMs: regularDurationMs(sc),
    ...wholePlanned(sc),
  }));
  return {
    format: SHARD_FORMAT,
    planHash: hash,
    sequence: formatSequence(tuple.stripes.sequence),
    segments: [formatSegment(tuple.segment)],
    thresholds: plan.thresholds ?? {},
    customTags: customTags(plan),
    scenarios,
    vusMax: scenarios.reduce((n, s) => n + s.maxVus, 0),
    aggregate: encodeAggregate(agg),
    seconds,
  };
}

const wholePlanned = (sc: Scenario): { planned?: number } =>
  isArrivalRate(sc) ? { planned: plannedIterations(sc) } : {};
