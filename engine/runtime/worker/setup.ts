/** Builds a worker's share of the test: compiled steps, its VUs of each scenario, executor policies. */
import type { MetricsRecorder } from '../../metrics/recorder.ts';
import { gracefulStopMs, maxVus, regularDurationMs, startTimeMs } from '../../plan/schedule.ts';
import { scenarioShare, segmentTimes } from '../../plan/segment-share.ts';
import { SegmentTuple } from '../../base/segment-tuple.ts';
import { fieldReferences, templateFields } from '../../plan/template-fields.ts';
import { stepsIn } from '../../plan/walk.ts';
import { compileSteps } from '../compile/steps.ts';
import { sharedPieces } from '../compile/request.ts';
import { flowSettingsOf } from '../compile/flow-settings.ts';
import { compileValue } from '../compile/json-body.ts';
import { Feeders } from '../data/feeders.ts';
import { policyFor, scaleDownGraceMs } from '../executors/policies.ts';
import { ArrivalRateRun } from '../executors/arrival-rate-run.ts';
import type { ScenarioRunner } from '../executors/runner.ts';
import { ScenarioRun, type VuSlot } from '../executors/scenario-run.ts';
import { arrivalTimes, isArrivalRate } from '../../plan/arrival.ts';
import type { WorkerContext } from '../vu/send.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import type { Step } from '../../plan/schema/index.ts';
import type { Dispatchers } from '../http/dispatchers.ts';
import type { WorkerInit } from './protocol.ts';

export function buildScenarioRuns(
  init: WorkerInit,
  wc: WorkerContext,
  recorder: MetricsRecorder,
  dispatchers?: Dispatchers,
): ScenarioRunner[] {
  const { plan } = init;
  const counters = new Int32Array(init.counters);
  const tuple = segmentOf(init);
  const allFeeders = new Feeders(init.feeders, counters, (n) => tuple.globalIndex(n));
  const files = new Map(init.files.map(([p, d]) => [p, Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
  const feedersUsed = feedersByScenario(init);
  const variables = Object.entries(plan.variables ?? {}).map(([k, v]) => [k, compileValue(v)] as const);
  const cookieScope = plan.defaults?.http?.cookies ?? 'iteration';
  const setupData = Object.entries(init.setupData ?? {});
  const settingsOf = flowSettingsOf(plan);
  // Steps with the same templates and headers share them (all scenarios of this worker); dropped once compiled.
  const shared = sharedPieces();
  const runs: ScenarioRunner[] = [];
  const makeVu = (id: number, scenario: string): VirtualUser => {
    const vu = new VirtualUser(id, scenario, init.env, cookieScope);
    for (const [key, value] of setupData) vu.ctx.vars.set(key, value);
    // Plan variables are evaluated once per VU, in order, each seeing the ones above it.
    for (const [key, make] of variables) vu.ctx.vars.set(key, make(vu.ctx));
    return vu;
  };
  let vuBase = 0;
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    const cc = {
      plan,
      scenario: name,
      scenarioTags: sc.tags,
      recorder,
      files,
      flow: settingsOf(name),
      shared,
      ...(dispatchers ? { dispatchers } : {}),
    };
    const steps = compileSteps(sc.steps, '', cc, ['scenarios', name, 'steps']);
    // This run's share: the whole scenario, or an execution segment's (plan/segment-share.ts).
    const share = scenarioShare(sc, tuple);
    const total = share.maxVus;
    const base = vuBase;
    vuBase += maxVus(sc);
    /** This worker's n-th VU of the scenario (VU k runs on worker k mod workers; its number is the test's). */
    const newVu = (n: number): VirtualUser | undefined => {
      const k = init.worker + n * init.workers;
      if (k >= total) return undefined;
      return makeVu(base + share.vus.globalIndex(k) + 1, name);
    };
    const feeders = allFeeders.only(feedersUsed.get(name) ?? new Set());
    if (isArrivalRate(sc)) {
      runs.push(
        new ArrivalRateRun({
          name,
          steps,
          times: segmentTimes(arrivalTimes(sc), share.arrivals),
          worker: init.worker,
          workers: init.workers,
          newVu,
          preAllocated: Math.ceil(Math.max(0, (share.preAllocated ?? 0) - init.worker) / init.workers),
          startMs: startTimeMs(sc),
          regularEndMs: regularDurationMs(sc),
          gracefulStopMs: gracefulStopMs(sc),
          feeders,
          recorder,
          wc,
        }),
      );
      continue;
    }
    const slots: VuSlot[] = [];
    for (let n = 0; ; n++) {
      const vu = newVu(n);
      if (!vu) break;
      slots.push(slotOf(init.worker + n * init.workers, vu));
    }
    const headroom = init.vuHeadroom?.[name];
    // Mid-run scale up: this worker's VUs past the plan's (n counts on from `slots`), numbered after every planned VU.
    const moreVus =
      headroom &&
      ((n: number, below: number): VuSlot | undefined => {
        const k = init.worker + n * init.workers;
        return k < Math.min(below, headroom.ceiling)
          ? slotOf(k, makeVu(headroom.firstExtraId + k - total, name))
          : undefined;
      });
    const counter = init.iterationCounters[name];
    const claim =
      counter === undefined
        ? undefined
        : { claim: () => Atomics.add(counters, counter, 1) >>> 0 < (share.iterations ?? 0) };
    runs.push(
      new ScenarioRun(
        {
          name,
          steps,
          slots,
          startMs: startTimeMs(sc),
          regularEndMs: regularDurationMs(sc),
          gracefulStopMs: gracefulStopMs(sc),
          rampDownMs: scaleDownGraceMs(sc),
          ...(moreVus ? { moreVus } : {}),
          feeders,
          recorder,
          wc,
        },
        policyFor(sc, claim, (v) => share.vus.scale(v)),
      ),
    );
  }
  return runs;
}

const slotOf = (index: number, vu: VirtualUser): VuSlot => ({
  index,
  vu,
  iter: 0,
  running: false,
  retiring: false,
  retireTimer: undefined,
  wanted: false,
});

/** The execution segment this worker's run is (the whole test without --segment). */
export function segmentOf(init: Pick<WorkerInit, 'segment'>): SegmentTuple {
  return init.segment ? SegmentTuple.fromSpec(init.segment) : SegmentTuple.whole();
}

/** Feeders each scenario refers to (its requests, plus the defaults every scenario uses). */
function feedersByScenario(init: WorkerInit): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const shared = new Set<string>();
  for (const f of templateFields(init.plan)) {
    const names = fieldReferences(f)
      .filter((r) => r.kind === 'data')
      .map((r) => r.name);
    if (names.length === 0) continue;
    if (f.scope.kind === 'request') {
      const set = out.get(f.scope.scenario) ?? new Set<string>();
      for (const n of names) set.add(n);
      out.set(f.scope.scenario, set);
    } else for (const n of names) shared.add(n);
  }
  for (const name of Object.keys(init.plan.scenarios)) out.set(name, new Set([...(out.get(name) ?? []), ...shared]));
  return out;
}

/**
 * Connections per origin for this worker: its VUs times the widest batch. undici hands a kept-alive socket
 * back one event-loop turn after a response (idle-socket validation); without a cap a VU's next request
 * would open a second connection instead of waiting that turn. With it, a VU keeps one connection, as in k6.
 */
export function connectionLimit(init: WorkerInit): number {
  let vus = 0;
  let widest = 1;
  const tuple = segmentOf(init);
  for (const [name, sc] of Object.entries(init.plan.scenarios)) {
    // A run that can scale VUs up mid-run has room for them (connections open only when used).
    const total = init.vuHeadroom?.[name]?.ceiling ?? scenarioShare(sc, tuple).maxVus;
    vus += Math.max(0, Math.ceil((total - init.worker) / init.workers));
    widest = Math.max(widest, widestBatch(sc.steps));
  }
  return Math.max(1, vus * widest);
}

/** The most requests a step list sends at once (its widest batch, or 1), in groups, branches and loops too. */
export function widestBatch(steps: readonly Step[]): number {
  let w = 1;
  for (const { step } of stepsIn(steps, [], '', '')) if ('batch' in step) w = Math.max(w, step.batch.length);
  return w;
}
