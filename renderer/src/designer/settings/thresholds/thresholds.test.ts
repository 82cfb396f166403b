import { describe, expect, it } from 'vitest';
import type { ThresholdRule } from '../../../../../engine/plan/index.ts';
import { asDraft } from '../../core/doc/index.ts';
import { defaultExpression, METRIC_LIST, metricInfo } from './metrics.ts';
import { analysisPlan, customTagNames, tagValues } from './plan-facts.ts';
import { checkThreshold, ruleText } from './threshold-check.ts';
import { formatKey, splitKey, tagValueProblem } from './threshold-key.ts';

const doc = {
  version: 1,
  name: 'p',
  defaults: { tags: { team: 'checkout' } },
  scenarios: {
    browse: {
      executor: 'constant-vus',
      duration: '1s',
      tags: { tier: 'web' },
      steps: [
        { request: { name: 'List users', url: '/users', checks: [{ status: 200 }] } },
        {
          group: {
            name: 'checkout',
            steps: [
              { request: { method: 'POST', url: '/orders', tags: { kind: 'write' } } },
              { group: { name: 'pay', steps: [{ think: '1s' }] } },
            ],
          },
        },
        { request: { url: 42 } },
      ],
    },
  },
};
const plan = analysisPlan(doc);

describe('threshold keys', () => {
  it('split and format round trip, tolerating half-typed keys', () => {
    const key = 'http_req_duration{request:List users,group:::checkout::pay}';
    expect(splitKey(key)).toEqual({
      metric: 'http_req_duration',
      tags: [
        ['request', 'List users'],
        ['group', '::checkout::pay'],
      ],
    });
    expect(formatKey(splitKey(key))).toBe(key);
    expect(splitKey('checks{scenario')).toEqual({ metric: 'checks{scenario', tags: [] });
    expect(splitKey('checks{scenario}')).toEqual({ metric: 'checks', tags: [['scenario', '']] });
    expect(formatKey({ metric: 'vus', tags: [] })).toBe('vus');
    expect(tagValueProblem('a,b')).toMatch(/cannot contain/);
  });
});

describe('plan facts', () => {
  it('lists the values each tag can take, skipping malformed steps', () => {
    const v = tagValues(plan);
    expect(v.scenario).toEqual(['browse']);
    expect(v.request).toEqual(['List users', 'POST /orders']);
    expect(v.group).toEqual(['::checkout', '::checkout::pay']);
    expect(v.check).toEqual(['status is 200']);
    expect(v.team).toEqual(['checkout']);
    expect(v.kind).toEqual(['write']);
    expect(v.status).toContain('200');
    expect(customTagNames(plan)).toEqual(['kind', 'team', 'tier']);
  });

  it('copes with a document that is not a plan yet', () => {
    expect(tagValues(analysisPlan(null)).scenario).toEqual([]);
    expect(tagValues(analysisPlan({ scenarios: { a: 'x' } })).scenario).toEqual(['a']);
  });
});

describe('checking a threshold as typed (engine messages)', () => {
  it('accepts a valid threshold', () => {
    expect(
      checkThreshold(plan, 'http_req_duration{request:List users}', [
        'p(95)<500',
        { threshold: 'avg<200', abortOnFail: true },
      ]),
    ).toEqual({ key: [], rules: [undefined, undefined] });
    expect(checkThreshold(plan, 'http_reqs{team:checkout}', ['count>1'])).toEqual({ key: [], rules: [undefined] });
  });

  it('reports the key and each expression apart', () => {
    const r = checkThreshold(plan, 'http_req_duration{request:List user}', ['p(95)<500', 'p95<500', 'rate<1']);
    expect(r.key).toEqual([expect.stringMatching(/^no request 'List user' in this plan.*did you mean 'List users'/)]);
    expect(r.rules[0]).toBeUndefined();
    expect(r.rules[1]).toMatch(/is not a threshold expression/);
    expect(r.rules[2]).toMatch(/trend metric: use avg, min, max, med, p\(N\)/);
    expect(checkThreshold(plan, 'http_req_duraton', ['p(95)<1']).key[0]).toMatch(/did you mean 'http_req_duration'/);
    expect(checkThreshold(plan, 'vus{scenario:browse}', ['value>1']).key[0]).toMatch(/has no tag 'scenario'/);
  });

  it('reads the text of string and object rules', () => {
    expect(ruleText('rate<1')).toBe('rate<1');
    expect(ruleText({ threshold: 'rate<1' })).toBe('rate<1');
    expect(ruleText(asDraft<ThresholdRule>(3))).toBe('');
  });
});

describe('metric list', () => {
  // The copy must match the engine: every name, type (by the aggregations it accepts) and tag set.
  it('has exactly the engine metrics', () => {
    const known = checkThreshold(plan, 'no_such_metric', ['count>0']).key[0] ?? '';
    const engineNames = (/known metrics: (.*)$/.exec(known)?.[1] ?? '').split(', ').sort();
    expect(METRIC_LIST.map((m) => m.name).sort()).toEqual(engineNames);
  });

  it('has the engine type and tags of each metric', () => {
    for (const m of METRIC_LIST) {
      expect(checkThreshold(plan, m.name, [defaultExpression(m)]).rules[0], m.name).toBeUndefined();
      const probes = { trend: 'avg<1', counter: 'count>1', rate: 'rate<1', gauge: 'value>1' } as const;
      const accepted = Object.entries(probes)
        .filter(([, e]) => checkThreshold(plan, m.name, [e]).rules[0] === undefined)
        .map(([t]) => t);
      // counter metrics also accept rate (k6), so the probes accepted name the type exactly.
      expect(accepted, m.name).toEqual(m.type === 'counter' ? ['counter', 'rate'] : [m.type]);
      for (const tag of ['scenario', 'group', 'request', 'method', 'status', 'expected_response', 'check']) {
        const problem = checkThreshold(plan, `${m.name}{${tag}:x}`, []).key.find((k) => k.includes('has no tag'));
        expect(problem === undefined, `${m.name}{${tag}}`).toBe(m.tags.includes(tag));
      }
    }
    expect(metricInfo('checks')?.type).toBe('rate');
  });
});
