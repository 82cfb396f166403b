/**
 * Saving, opening and duplicating a large plan validate it in the import worker (plan-analysis.ts, issue 17):
 * meanwhile the app answers other calls. Validated on the event loop, a 4,000-step recording held every other call
 * until it was done.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OFF_THREAD_REQUESTS } from './plan-analysis.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
beforeEach(async () => {
  t = await openTestServices('plan-save');
});
afterEach(async () => {
  await t.close();
});

/** A recording's shape: every step its own request, one of them invalid so the issues come back too. */
function recording(steps: number): Record<string, unknown> {
  return {
    version: 1,
    name: 'Recorded',
    defaults: { baseUrl: 'http://127.0.0.1:9' },
    scenarios: {
      s: {
        executor: 'constant-vus',
        vus: 2,
        duration: '10s',
        steps: Array.from({ length: steps }, (_, i) => ({
          request: { name: `step ${i}`, url: `/r/${i}`, ...(i === 7 ? { method: 'FETCH' } : {}) },
        })),
      },
    },
  };
}

describe('saving a large plan', () => {
  it('answers other calls while the plan is validated, and stores its validation', async () => {
    const p = await t.call('plans.create', { name: 'Recorded' });
    // The worker is started by a first large save, so that the race below is the validation's, not its start.
    await t.call('plans.save', { id: p.id, document: recording(OFF_THREAD_REQUESTS), baseRevision: 1 });
    const order: string[] = [];
    const saving = t
      .call('plans.save', { id: p.id, document: recording(4 * OFF_THREAD_REQUESTS), baseRevision: 2 })
      .then((r) => {
        order.push('save');
        return r;
      });
    const listing = t.call('plans.list', {}).then((r) => {
      order.push('list');
      return r;
    });
    const [saved, list] = await Promise.all([saving, listing]);
    expect(order).toEqual(['list', 'save']);
    expect(list.map((x) => x.id)).toEqual([p.id]);
    expect(saved).toMatchObject({ revision: 3, valid: false, requests: 4 * OFF_THREAD_REQUESTS });
    expect(saved.issues.map((i) => i.path.join('.'))).toContain('scenarios.s.steps.7.request.method');
  }, 60_000);
});

describe('opening and duplicating a large plan', () => {
  /** `call` finishes after a plans.list made right after it: it did not hold the event loop. */
  async function answersMeanwhile<T>(call: () => Promise<T>): Promise<T> {
    const order: string[] = [];
    const done = call().then((r) => {
      order.push('call');
      return r;
    });
    const listing = t.call('plans.list', {}).then(() => order.push('list'));
    const [r] = await Promise.all([done, listing]);
    expect(order).toEqual(['list', 'call']);
    return r;
  }

  it('answers other calls while the plan is validated, and returns its issues', async () => {
    const p = await t.call('plans.create', { name: 'Recorded' });
    await t.call('plans.save', { id: p.id, document: recording(4 * OFF_THREAD_REQUESTS), baseRevision: 1 });
    const opened = await answersMeanwhile(() => t.call('plans.get', { id: p.id }));
    expect(opened).toMatchObject({ id: p.id, valid: false, requests: 4 * OFF_THREAD_REQUESTS });
    expect(opened.issues.map((i) => i.path.join('.'))).toContain('scenarios.s.steps.7.request.method');
    const copy = await answersMeanwhile(() => t.call('plans.duplicate', { id: p.id }));
    expect(copy).toMatchObject({ name: 'Recorded (copy)', valid: false, requests: 4 * OFF_THREAD_REQUESTS });
    expect(copy.issues.map((i) => i.path.join('.'))).toContain('scenarios.s.steps.7.request.method');
  }, 60_000);
});
