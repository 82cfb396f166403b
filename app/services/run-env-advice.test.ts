/**
 * An app run of a plan reading an environment variable the chosen environment does not set: the app says to set it
 * in that environment (the engine's `pass --env NAME=...` is the command line's advice), or to choose one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inAppWords } from './run-env-advice.ts';
import { openTestServices, type TestServices } from './testing.ts';

const PLAN = {
  version: 1,
  name: 'Items',
  defaults: { baseUrl: 'http://127.0.0.1:9' },
  scenarios: {
    s: {
      executor: 'per-vu-iterations',
      vus: 1,
      iterations: 1,
      steps: [{ request: { method: 'POST', url: '/items', json: { name: '${env.ITEM_NAME}' } } }],
    },
  },
};

let t: TestServices;
beforeEach(async () => {
  t = await openTestServices('run-env');
});
afterEach(async () => {
  await t.close();
});

describe('an app run missing an environment variable', () => {
  it('says to set it in the environment chosen for the run', async () => {
    const plan = await t.call('plans.create', { name: 'Items' });
    await t.call('plans.save', { id: plan.id, document: PLAN });
    const staging = await t.call('environments.save', { name: 'staging', variables: [{ name: 'BASE', value: 'x' }] });
    const e = await t.fail('runs.start', { planId: plan.id, environmentId: staging.id });
    expect(e.code).toBe('plan_invalid');
    expect(e.message).toBe(
      "the plan cannot run: environment variable ITEM_NAME is not set: set ITEM_NAME in the environment 'staging', or give a default: ${env.ITEM_NAME:-value}",
    );
    expect(e.issues?.[0]?.message).not.toMatch(/--env/);
    const none = await t.fail('runs.start', { planId: plan.id });
    expect(none.message).toMatch(
      /environment variable ITEM_NAME is not set: choose an environment that sets ITEM_NAME \(this run has none\)/,
    );
    expect(await t.call('runs.list', {})).toEqual([]);
  });

  it('leaves other messages as the engine wrote them', () => {
    expect(inAppWords('defaults.baseUrl is not a URL', 'x')).toBe('defaults.baseUrl is not a URL');
  });
});
