import { describe, expect, it } from 'vitest';
import { setIn } from '../core/doc-path.ts';
import { newStep, STEP_KIND_NAMES, STEP_KINDS } from '../core/doc/index.ts';
import { validate } from '../core/validation.ts';
import { parsePlanYaml, planToYaml } from './yaml-text.ts';

const R = (name: string, url: string, more: object = {}) => ({ request: { name, url, ...more } });
const plan = (steps: unknown[], more: object = {}) => ({
  version: 1,
  name: 'flow',
  defaults: { baseUrl: 'http://127.0.0.1:1' },
  ...more,
  scenarios: { s: { executor: 'per-vu-iterations', vus: 1, iterations: 1, steps } },
});

/** One plan per construct, each using every key the construct has. */
const CONSTRUCTS = {
  if: plan([
    R('Log in', '/login', { extract: { token: { jsonPath: '$.token', default: '' } } }),
    {
      if: {
        condition: "status('Log in') == 200 && len(token) > 0",
        then: [R('Profile', '/me')],
        else: [R('Sign up', '/users', { method: 'POST' })],
      },
    },
  ]),
  repeat: plan([
    { repeat: { times: 3, counter: 'round', steps: [R('Ping', '/ping?n=${round}')] } },
    { repeat: { times: 'len(env.ROUNDS) + 1', steps: [{ think: '1s' }] } },
  ]),
  while: plan([
    R('First page', '/users', { extract: { next: { jsonPath: '$.next' } } }),
    {
      while: {
        condition: 'isSet(next)',
        max: 50,
        counter: 'page',
        steps: [R('Next page', '${next}', { extract: { next: { jsonPath: '$.next' } } })],
      },
    },
  ]),
  doWhile: plan([
    R('Start job', '/jobs', { method: 'POST', extract: { job: { jsonPath: '$.id' } } }),
    {
      doWhile: {
        condition: 'status() == 202',
        max: 30,
        steps: [R('Job status', '/jobs/${job}', { checks: [{ status: [200, 202] }] }), { think: '1s' }],
      },
    },
  ]),
  forEach: plan([
    R('Cart', '/cart', { extract: { skus: { jsonPath: '$.items[*].sku', all: true } } }),
    { forEach: { in: 'skus', as: 'sku', counter: 'n', steps: [R('Item', '/items/${sku}?n=${n}')] } },
  ]),
  randomSwitch: plan([
    {
      randomSwitch: [
        { weight: 70, name: 'browse', steps: [R('Products', '/products')] },
        { weight: 30, name: 'buy', steps: [R('Order', '/orders', { method: 'POST' })] },
        { weight: 0.5, steps: [] },
      ],
    },
  ]),
  roundRobinSwitch: plan([{ roundRobinSwitch: [{ steps: [R('A', '/a')] }, { name: 'b', steps: [R('B', '/b')] }] }]),
  once: plan([
    { once: { steps: [R('Log in', '/login', { method: 'POST', extract: { token: { jsonPath: '$.token' } } })] } },
    R('Orders', '/orders', { headers: { Authorization: 'Bearer ${token}' } }),
  ]),
  'setup and teardown': plan([R('Use', '/use?t=${token}')], {
    setup: {
      timeout: '30s',
      steps: [
        R('Get token', '/oauth/token', {
          method: 'POST',
          form: { grant_type: 'client_credentials' },
          extract: { token: { jsonPath: '$.access_token' } },
        }),
      ],
    },
    teardown: {
      steps: [R('Clean up', '/test-data', { method: 'DELETE', headers: { Authorization: 'Bearer ${token}' } })],
    },
  }),
  'onFailure and nesting': plan(
    [
      {
        once: {
          steps: [
            {
              if: {
                condition: 'iter == 0',
                then: [
                  {
                    while: {
                      condition: 'status() != 200',
                      max: 3,
                      steps: [R('Retry', '/r', { onFailure: 'continue' })],
                    },
                  },
                ],
              },
            },
          ],
        },
      },
      {
        group: {
          name: 'g',
          steps: [
            {
              randomSwitch: [
                {
                  weight: 1,
                  steps: [{ forEach: { in: 'ids', steps: [R('Each', '/e/${item}', { onFailure: 'endIteration' })] } }],
                },
              ],
            },
          ],
        },
      },
    ],
    { variables: { ids: [1, 2] }, defaults: { baseUrl: 'http://127.0.0.1:1', onFailure: 'stopVU' } },
  ),
};

/** Through the code view and back: the same document, keys in the same order. */
function roundTrip(doc: unknown): unknown {
  const back = parsePlanYaml(planToYaml(doc));
  if (!back.ok) throw new Error(back.problems.map((p) => p.message).join('; '));
  return back.value;
}

describe('the code view round-trips flow control losslessly', () => {
  for (const [name, doc] of Object.entries(CONSTRUCTS)) {
    it(name, () => {
      expect(validate(doc).issues).toEqual([]);
      const back = roundTrip(doc);
      expect(JSON.stringify(back)).toBe(JSON.stringify(doc));
      expect(planToYaml(back)).toBe(planToYaml(doc));
    });
  }

  it('every step kind the designer adds, as it adds it', () => {
    for (const kind of STEP_KIND_NAMES) {
      const doc = plan([newStep(kind)], { variables: { items: [1] } });
      expect(JSON.stringify(roundTrip(doc)), kind).toBe(JSON.stringify(doc));
      expect(planToYaml(doc), kind).toContain(`- ${kind}:`);
      // A new flow step is a valid plan as added (forEach's list is a plan variable here).
      if (STEP_KINDS[kind].flow) expect(validate(doc).issues, kind).toEqual([]);
    }
  });

  it('keys a form adds to a flow step land where a person writes them (before the steps)', () => {
    const doc = plan([newStep('while'), newStep('randomSwitch')]);
    const withCounter = setIn(doc, ['scenarios', 's', 'steps', 0, 'while', 'counter'], 'page');
    expect(planToYaml(withCounter)).toMatch(/max: 10\n\s+counter: page\n\s+steps:/);
    const unnamed = plan([{ randomSwitch: [{ weight: 70, steps: [R('A', '/a')] }] }]);
    const withName = setIn(unnamed, ['scenarios', 's', 'steps', 0, 'randomSwitch', 0, 'name'], 'look');
    expect(planToYaml(withName)).toMatch(/- weight: 70\n\s+name: look\n\s+steps:/);
  });
});
