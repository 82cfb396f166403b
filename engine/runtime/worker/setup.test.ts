/**
 * A worker's share of the test (setup.ts), built in this thread from a parsed plan: which VUs it runs, with what
 * they start with, which executor each scenario gets, and how many connections it may open.
 */
import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { parsePlan } from '../../plan/parse.ts';
import { ArrivalRateRun } from '../executors/arrival-rate-run.ts';
import { ScenarioRun } from '../executors/scenario-run.ts';
import type { WorkerContext } from '../vu/send.ts';
import type { WorkerInit } from './protocol.ts';
import { buildScenarioRuns, connectionLimit, segmentOf, widestBatch } from './setup.ts';

const PLAN = `
version: 1
name: shares
defaults: { baseUrl: http://127.0.0.1:9 }
variables: { first: "\${vu}", second: "\${first}-b" }
scenarios:
  browse:
    executor: constant-vus
    vus: 5
    duration: 1s
    steps:
      - request: { url: /a }
      - group: { name: g, steps: [{ batch: [{ request: { url: /b } }, { request: { url: /c } }, { request: { url: /d } }] }] }
  open:
    executor: constant-arrival-rate
    rate: 10
    duration: 1s
    preAllocatedVUs: 2
    maxVUs: 4
    steps: [{ request: { url: /e } }]
`;

function init(worker: number, workers: number, more: Partial<WorkerInit> = {}): WorkerInit {
  return {
    plan: parsePlan(PLAN, 'shares.yaml').plan,
    env: {},
    worker,
    workers,
    files: [],
    feeders: [],
    counters: new SharedArrayBuffer(4),
    iterationCounters: {},
    userAgent: 'test',
    outputs: [],
    seriesPhases: [],
    ...more,
  };
}

function runs(i: WorkerInit) {
  const recorder = new MetricsRecorder();
  return buildScenarioRuns(i, { recorder } as unknown as WorkerContext, recorder);
}

describe("a worker's share of the test", () => {
  it('gives VU k to worker k mod workers, numbered as in the whole test', () => {
    const ids = (w: number) => (runs(init(w, 2))[0] as ScenarioRun).slots.map((s) => s.vu.id);
    expect(ids(0)).toEqual([1, 3, 5]);
    expect(ids(1)).toEqual([2, 4]);
  });

  it('runs the closed model with ScenarioRun and the open model with ArrivalRateRun', () => {
    const [browse, open] = runs(init(0, 1));
    expect(browse).toBeInstanceOf(ScenarioRun);
    expect(open).toBeInstanceOf(ArrivalRateRun);
    expect([browse?.name, open?.name]).toEqual(['browse', 'open']);
  });

  it("starts each VU with setup's data, then the plan's variables in order, each seeing the ones above", () => {
    const [browse] = runs(init(1, 2, { setupData: { token: 'abc' } }));
    const vars = (browse as ScenarioRun).slots[0]?.vu.ctx.vars;
    expect(Object.fromEntries(vars ?? [])).toEqual({ token: 'abc', first: 2, second: '2-b' });
  });

  it('may open a connection per VU per request of its widest batch, nested in groups too', () => {
    expect(widestBatch(parsePlan(PLAN, 'shares.yaml').plan.scenarios.browse?.steps ?? [])).toBe(3);
    // Worker 0 of 2: 3 of browse's 5 VUs and 2 of open's 4, times the widest batch (3).
    expect(connectionLimit(init(0, 2))).toBe((3 + 2) * 3);
  });

  it('is the whole test without a segment, and its share of the VUs with one (k6 striping)', () => {
    expect(segmentOf({}).globalIndex(4)).toBe(4);
    const half = { segment: { segment: '1/2:1', sequence: '0,1/2,1' } };
    expect(segmentOf(half).globalIndex(0)).toBe(1);
    // The second half of 5 VUs: the test's VUs 2 and 4, as k6 stripes them.
    expect((runs(init(0, 1, half))[0] as ScenarioRun).slots.map((s) => s.vu.id)).toEqual([2, 4]);
  });
});
