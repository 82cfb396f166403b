import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../engine/plan/schema/index.ts';
import { asDraft } from '../core/doc/index.ts';
import { vuMilliseconds } from './estimate.ts';
import { ASSUMED_REQUEST_MS, iterationShape } from './iteration-shape.ts';
import { planLoad, vusAt } from './plan-load.ts';
import { scenarioLoad, type ScenarioLoad } from './schedule.ts';
import { countText, profileCaption, requestsText } from './summary.ts';

const req = { request: { url: '/' } };
const load = (name: string, sc: unknown): ScenarioLoad => {
  const r = scenarioLoad(name, asDraft<Scenario>(sc));
  if (!('points' in r)) throw new Error(r.reason);
  return r;
};

describe('iteration shape', () => {
  it('counts requests in groups and batches, and think-time means', () => {
    const steps = [
      req,
      { think: '1s' },
      { think: { min: '1s', max: '2s' } },
      { batch: [req, req, req] },
      { group: { name: 'g', steps: [req, { think: '500ms' }] } },
    ];
    const s = iterationShape(steps);
    expect(s.requests).toBe(5);
    expect(s.thinkMs).toBe(3000);
    // 3 request slots: the request, the batch (parallel), the grouped request.
    expect(s.durationMs).toBe(3000 + 3 * ASSUMED_REQUEST_MS);
  });

  it('ignores half-typed steps', () => {
    expect(iterationShape([{ think: '1' }, null, { request: 'x' }, {}])).toEqual({
      requests: 0,
      thinkMs: 0,
      durationMs: 0,
    });
    expect(iterationShape(undefined).requests).toBe(0);
  });

  it('counts flow control as the engine does: a mean over weighted branches, unknown for loops that depend on responses', () => {
    const fixed = iterationShape([
      { repeat: { times: 3, steps: [req, { think: '1s' }] } },
      { once: { steps: [req, req] } },
    ]);
    expect(fixed).toMatchObject({
      requests: 3,
      thinkMs: 3000,
      durationMs: 3000 + 3 * ASSUMED_REQUEST_MS,
      varies: true,
    });
    expect(fixed.unknown).toBeUndefined();
    const weighted = iterationShape([
      {
        randomSwitch: [
          { weight: 3, steps: [req] },
          { weight: 1, steps: [req, req, req, { think: '4s' }] },
        ],
      },
    ]);
    expect(weighted).toMatchObject({ requests: 1.5, thinkMs: 1000, varies: true });
    const polling = iterationShape([
      req,
      { while: { condition: 'status() == 202', max: 30, steps: [req, { think: '1s' }] } },
    ]);
    expect(polling.unknown).toBe('the passes of the while depend on the responses (at most 30) (steps[1])');
    expect(iterationShape([{ forEach: { in: 'skus', steps: [req] } }]).unknown).toMatch(/forEach/);
    expect(iterationShape([{ if: { condition: 'x', then: [req] } }]).unknown).toMatch(/which branch of the if/);
    // The same number of requests either way: known.
    expect(iterationShape([{ if: { condition: 'x', then: [req], else: [req] } }])).toEqual({
      requests: 1,
      thinkMs: 0,
      durationMs: ASSUMED_REQUEST_MS,
    });
  });

  it('integrates a VU step function', () => {
    expect(
      vuMilliseconds([
        [0, 2],
        [1000, 4],
        [3000, 0],
      ]),
    ).toBe(2 * 1000 + 4 * 2000);
  });
});

describe('scenario load', () => {
  it('constant-vus: VUs for the duration, requests ≈ VU time / iteration time', () => {
    const s = load('a', { executor: 'constant-vus', vus: 10, duration: '30s', steps: [req, { think: '950ms' }] });
    expect(s.points).toEqual([
      [0, 10],
      [30_000, 0],
    ]);
    expect(s.estimate.exact).toBe(false);
    expect(s.estimate.iterations).toBe(300); // 10 VUs × 30 s / 1 s
    expect(s.estimate.requests).toBe(300);
  });

  it('offsets by startTime and starts at 0 VUs', () => {
    const s = load('a', { executor: 'constant-vus', vus: 2, duration: '5s', startTime: '3s', steps: [req] });
    expect(s.points).toEqual([
      [0, 0],
      [3000, 2],
      [8000, 0],
    ]);
    expect(s.endMs).toBe(8000);
  });

  it('ramping-vus follows the engine schedule one VU at a time', () => {
    const s = load('r', {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: '4s', target: 4 },
        { duration: '2s', target: 0 },
      ],
      steps: [req],
    });
    expect(s.points).toEqual([
      [0, 0],
      [1000, 1],
      [2000, 2],
      [3000, 3],
      [4000, 4],
      [4500, 3],
      [5000, 2],
      [5500, 1],
      [6000, 0],
    ]);
    expect(s.peak).toBe(4);
  });

  it('per-vu-iterations is exact and drawn until the iterations are expected to end', () => {
    const s = load('p', {
      executor: 'per-vu-iterations',
      vus: 3,
      iterations: 4,
      steps: [req, req, { think: '900ms' }],
    });
    expect(s.estimate).toMatchObject({ iterations: 12, requests: 24, exact: true });
    expect(s.points).toEqual([
      [0, 3],
      [4 * 1000, 0],
    ]);
    expect(s.estimatedEnd).toBe(true);
  });

  it('shared-iterations shares the total; maxDuration caps and makes it an estimate', () => {
    expect(load('s', { executor: 'shared-iterations', vus: 4, iterations: 10, steps: [req] }).estimate).toMatchObject({
      iterations: 10,
      requests: 10,
      exact: true,
    });
    const capped = load('s', {
      executor: 'shared-iterations',
      vus: 1,
      iterations: 100,
      maxDuration: '1s',
      steps: [req, { think: '950ms' }],
    });
    expect(capped.estimate).toMatchObject({ iterations: 1, exact: false });
    expect(capped.endMs).toBe(1000);
  });

  it('constant-arrival-rate: iterations per second, iterations from the area, VUs needed to keep up', () => {
    const s = load('o', {
      executor: 'constant-arrival-rate',
      rate: 120,
      timeUnit: '1m',
      duration: '30s',
      preAllocatedVUs: 1,
      maxVUs: 3,
      startTime: '10s',
      steps: [req, { think: '1950ms' }],
    });
    expect(s.draws).toBe('rate');
    expect(s.points).toEqual([
      [0, 0],
      [10_000, 2],
      [40_000, 2],
      [40_000, 0],
    ]);
    expect(s.estimate).toMatchObject({ iterations: 60, requests: 60, exact: false });
    expect(s.vus).toEqual({ needed: 4, available: 3 });
  });

  it('ramping-arrival-rate moves linearly through the stages', () => {
    const s = load('o', {
      executor: 'ramping-arrival-rate',
      startRate: 0,
      stages: [
        { duration: '10s', target: 10 },
        { duration: '10s', target: 10 },
      ],
      preAllocatedVUs: 5,
      steps: [req],
    });
    expect(s.points).toEqual([
      [0, 0],
      [10_000, 10],
      [20_000, 10],
      [20_000, 0],
    ]);
    expect(s.estimate.iterations).toBe(50 + 100);
    expect(s.peak).toBe(10);
  });

  it('explains why a scenario cannot be drawn', () => {
    expect(scenarioLoad('x', { executor: 'constant-vus', vus: 1, duration: '3', steps: [] })).toMatchObject({
      reason: expect.stringMatching(/^duration: expected a duration/),
    });
    expect(scenarioLoad('x', asDraft<Scenario>('nope'))).toEqual({ name: 'x', reason: 'not a scenario' });
  });
});

describe('plan load', () => {
  const doc = {
    scenarios: {
      a: { executor: 'constant-vus', vus: 4, duration: '10s', steps: [req, { think: '950ms' }] },
      b: {
        executor: 'ramping-vus',
        startVUs: 0,
        stages: [
          { duration: '2s', target: 6 },
          { duration: '1s', target: 6 },
        ],
        startTime: '3s',
        steps: [req],
      },
      broken: { executor: 'constant-vus', steps: [req] },
    },
  };

  it('sums the scenarios over time, with the peak and the end', () => {
    const p = planLoad(doc);
    expect(p.scenarios.map((s) => s.name)).toEqual(['a', 'b']);
    expect(p.skipped).toEqual([{ name: 'broken', reason: expect.stringContaining('duration') }]);
    expect(vusAt(p.total, 4000)).toBe(4 + 3);
    expect(p.peak).toEqual({ vus: 10, atMs: 5000 });
    expect(p.endMs).toBe(10_000);
    expect(p.requests.exact).toBe(false);
    expect(profileCaption(p)).toBe('Peak 10 VUs at 5s; ends at 10s');
  });

  it('names the peak rate of open-model scenarios and keeps them out of the VU total', () => {
    const p = planLoad({
      scenarios: {
        ...doc.scenarios,
        o: { executor: 'constant-arrival-rate', rate: 5, duration: '20s', preAllocatedVUs: 2, steps: [req] },
      },
    });
    expect(p.peak.vus).toBe(10);
    expect(p.peakRate).toEqual({ perSecond: 5, atMs: 0 });
    expect(profileCaption(p)).toBe('Peak 10 VUs at 5s; peak 5 iterations/s at 0s; ends at 20s');
  });

  it('ends when the stages end, also after trailing stages at 0 VUs (as the engine runs them)', () => {
    const stages = [
      { duration: '2s', target: 3 },
      { duration: '2s', target: 0 },
      { duration: '4s', target: 0 },
    ];
    const p = planLoad({ scenarios: { r: { executor: 'ramping-vus', startVUs: 0, stages, steps: [req] } } });
    expect(p.endMs).toBe(8000);
    expect(profileCaption(p)).toBe('Peak 3 VUs at 2s; ends at 8s');
  });

  it('has a caption when nothing can be drawn', () => {
    expect(profileCaption(planLoad({}))).toMatch(/No load/);
  });
});

describe('loops in the load estimate', () => {
  const poll = { while: { condition: 'status() == 202', max: 30, steps: [req] } };

  it('says the requests are unknown, and why, instead of a number', () => {
    const s = load('p', { executor: 'per-vu-iterations', vus: 2, iterations: 5, steps: [req, poll] });
    expect(s.estimate).toMatchObject({ iterations: 10, exact: false, unknown: expect.stringContaining('while') });
    expect(requestsText(s.estimate)).toBe('unknown number of requests');
    const p = planLoad({
      scenarios: {
        plain: { executor: 'per-vu-iterations', steps: [req] },
        p: { executor: 'constant-vus', duration: '10s', steps: [poll] },
      },
    });
    expect(p.requests.unknown).toBe('p: the passes of the while depend on the responses (at most 30) (steps[0])');
    expect(requestsText(p.requests)).toBe('unknown number of requests');
  });

  it('keeps exact counts exact for a fixed repeat, and estimates a weighted choice', () => {
    expect(
      load('r', { executor: 'shared-iterations', iterations: 4, steps: [{ repeat: { times: 3, steps: [req] } }] })
        .estimate,
    ).toEqual({ iterations: 4, requests: 12, exact: true });
    const w = load('w', {
      executor: 'shared-iterations',
      iterations: 10,
      steps: [
        {
          randomSwitch: [
            { weight: 1, steps: [req] },
            { weight: 1, steps: [req, req, req] },
          ],
        },
      ],
    });
    expect(w.estimate).toEqual({ iterations: 10, requests: 20, exact: false });
    expect(requestsText(w.estimate)).toBe('≈ 20 requests');
  });
});

describe('numbers in words', () => {
  it('rounds estimates and says so', () => {
    expect(countText(12_345.6, true)).toBe('12,346');
    expect(countText(12_345.6, false)).toBe('≈ 12,000');
    expect(countText(987.4, false)).toBe('≈ 987');
    expect(requestsText({ requests: 1, exact: true })).toBe('1 request');
    expect(requestsText({ requests: 300, exact: false })).toBe('≈ 300 requests');
  });
});
