import { describe, expect, it } from 'vitest';
import { requestsPerIteration } from './request-count.ts';

const r = (url = '/') => ({ request: { url } });

describe('requestsPerIteration', () => {
  it('counts requests, batches and groups exactly', () => {
    expect(
      requestsPerIteration([r(), { think: '1s' }, { batch: [r(), r()] }, { group: { name: 'g', steps: [r()] } }]),
    ).toEqual({ min: 4, max: 4, mean: 4 });
  });

  it('a fixed repeat multiplies; weighted and round-robin branches give a mean; once counts nothing per iteration', () => {
    expect(requestsPerIteration([{ repeat: { times: 3, steps: [r(), r()] } }])).toEqual({ min: 6, max: 6, mean: 6 });
    expect(
      requestsPerIteration([
        {
          randomSwitch: [
            { weight: 3, steps: [r(), r()] },
            { weight: 1, steps: [] },
          ],
        },
      ]),
    ).toEqual({ min: 0, max: 2, mean: 1.5 });
    expect(requestsPerIteration([{ roundRobinSwitch: [{ steps: [r()] }, { steps: [r(), r(), r()] }] }])).toEqual({
      min: 1,
      max: 3,
      mean: 2,
    });
    expect(requestsPerIteration([{ once: { steps: [r()] } }, r()])).toEqual({ min: 1, max: 2, mean: 1 });
  });

  it('says which step makes the count unknowable instead of giving a wrong number', () => {
    const polled = requestsPerIteration(
      [r(), { doWhile: { condition: 'status() == 202', max: 30, steps: [r()] } }],
      ['scenarios', 's', 'steps'],
    );
    expect(polled).toEqual({
      min: 2,
      max: 31,
      mean: null,
      unknown: {
        path: ['scenarios', 's', 'steps', 1],
        why: 'the passes of the doWhile depend on the responses (at most 30)',
      },
    });
    expect(requestsPerIteration([{ forEach: { in: 'ids', steps: [r()] } }])).toMatchObject({
      min: 0,
      max: null,
      mean: null,
      unknown: { path: [0] },
    });
    expect(requestsPerIteration([{ repeat: { times: 'n', steps: [r()] } }]).unknown?.why).toBe(
      'the repeat count is an expression evaluated during the run',
    );
    expect(requestsPerIteration([{ if: { condition: 'x', then: [r()] } }])).toMatchObject({
      min: 0,
      max: 1,
      mean: null,
      unknown: { path: [0] },
    });
    expect(requestsPerIteration([{ if: { condition: 'x', then: [r()], else: [r()] } }])).toEqual({
      min: 1,
      max: 1,
      mean: 1,
    });
  });

  it('reads drafts leniently', () => {
    expect(requestsPerIteration(undefined)).toEqual({ min: 0, max: 0, mean: 0 });
    expect(
      requestsPerIteration([null, 5, { while: 'x' }, { randomSwitch: [null, { weight: -1, steps: [r()] }] }, r()]),
    ).toEqual({ min: 2, max: 2, mean: null });
  });
});
