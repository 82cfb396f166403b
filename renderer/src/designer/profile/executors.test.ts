import { describe, expect, it } from 'vitest';
import { EXECUTORS as ENGINE_EXECUTORS, Scenario } from '../../../../engine/plan/index.ts';
import { EXECUTORS, executorSpec, switchExecutor } from './executors.ts';

const steps = [{ request: { url: '/' } }];
const base = {
  executor: 'constant-vus',
  vus: 20,
  duration: '1m',
  startTime: '5s',
  gracefulStop: '10s',
  tags: { team: 'a' },
  steps,
};

describe('executor table', () => {
  it('covers the engine executors, each with a summary and fields', () => {
    expect(EXECUTORS.map((e) => e.name)).toEqual(expect.arrayContaining([...ENGINE_EXECUTORS]));
    for (const e of EXECUTORS) expect(e.fields.length).toBeGreaterThan(0);
    expect(executorSpec('ramping-vus')?.fields.map((f) => f.key)).toEqual(['startVUs', 'stages', 'gracefulRampDown']);
  });

  it('every switch between any two executors gives a valid scenario keeping steps, startTime, gracefulStop, tags', () => {
    for (const from of EXECUTORS) {
      const start = switchExecutor(base, from.name);
      for (const to of EXECUTORS) {
        const next = switchExecutor(start, to.name);
        expect(Scenario.safeParse(next).success, `${from.name} -> ${to.name}: ${JSON.stringify(next)}`).toBe(true);
        expect(next).toMatchObject({
          executor: to.name,
          startTime: '5s',
          gracefulStop: '10s',
          tags: { team: 'a' },
          steps,
        });
      }
    }
  });

  it('keeps the load similar: VUs, duration, and the total of iterations', () => {
    const ramp = switchExecutor(base, 'ramping-vus');
    expect(ramp).toMatchObject({
      startVUs: 0,
      stages: [
        { duration: '10s', target: 20 },
        { duration: '1m', target: 20 },
      ],
    });
    expect(ramp).not.toHaveProperty('vus');
    expect(switchExecutor({ ...ramp, gracefulRampDown: '5s' }, 'constant-vus')).toEqual({
      executor: 'constant-vus',
      vus: 20,
      duration: '1m10s',
      startTime: '5s',
      gracefulStop: '10s',
      tags: { team: 'a' },
      steps,
    });
    const shared = switchExecutor(
      { executor: 'per-vu-iterations', vus: 4, iterations: 5, maxDuration: '2m', steps },
      'shared-iterations',
    );
    expect(shared).toEqual({ executor: 'shared-iterations', vus: 4, iterations: 20, maxDuration: '2m', steps });
    expect(switchExecutor(shared, 'per-vu-iterations')).toMatchObject({ iterations: 5 });
    const rate = switchExecutor(base, 'constant-arrival-rate');
    expect(rate).toMatchObject({ rate: 10, duration: '1m', preAllocatedVUs: 20 });
    expect(switchExecutor({ ...rate, rate: 40, timeUnit: '1m' }, 'ramping-arrival-rate')).toMatchObject({
      startRate: 0,
      timeUnit: '1m',
      stages: [
        { duration: '10s', target: 40 },
        { duration: '1m', target: 40 },
      ],
    });
  });

  it('keeps the order of the kept keys and ignores unknown executors', () => {
    expect(Object.keys(switchExecutor(base, 'per-vu-iterations'))).toEqual([
      'executor',
      'vus',
      'startTime',
      'gracefulStop',
      'tags',
      'steps',
    ]);
    expect(switchExecutor(base, 'nope')).toBe(base);
  });
});
