import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../engine/plan/schema/index.ts';
import { asDraft } from '../core/doc/index.ts';
import { stepLabel } from '../core/steps.ts';
import {
  copyName,
  groupNameProblem,
  scenarioNameProblem,
  scenarioSummary,
  stepAriaLabel,
  stepText,
  uniqueName,
} from './labels.ts';

describe('scenario summaries', () => {
  it('says the executor and the load in a few words', () => {
    expect(
      scenarioSummary({
        executor: 'ramping-vus',
        stages: [
          { duration: '10s', target: 10 },
          { duration: '5s', target: 3 },
        ],
      }),
    ).toBe('ramping-vus up to 10 VUs');
    expect(scenarioSummary({ executor: 'ramping-vus', startVUs: 12, stages: [{ duration: '10s', target: 0 }] })).toBe(
      'ramping-vus up to 12 VUs',
    );
    expect(scenarioSummary({ executor: 'constant-vus', vus: 1, duration: '30s' })).toBe('constant-vus 1 VU for 30s');
    expect(scenarioSummary({ executor: 'constant-vus', duration: '1m' })).toBe('constant-vus 1 VU for 1m');
    expect(scenarioSummary({ executor: 'per-vu-iterations', vus: 5, iterations: 3 })).toBe(
      'per-vu-iterations 3 iterations × 5 VUs',
    );
    expect(scenarioSummary({ executor: 'shared-iterations', iterations: 100 })).toBe(
      'shared-iterations 100 iterations shared by 1 VU',
    );
    expect(scenarioSummary({ executor: 'constant-arrival-rate', rate: 50, duration: '1m' })).toBe(
      'constant-arrival-rate 50/s for 1m',
    );
    expect(
      scenarioSummary({ executor: 'ramping-arrival-rate', timeUnit: '1m', stages: [{ target: 20 }, { target: 5 }] }),
    ).toBe('ramping-arrival-rate up to 20/1m');
  });

  it('survives a half-written scenario (the user is typing in the code view)', () => {
    expect(scenarioSummary({ executor: 'ramping-vus' })).toBe('ramping-vus up to ? VUs');
    expect(scenarioSummary(asDraft<Scenario>({ executor: 'ramping-vus', stages: [{ target: 'x' }] }))).toBe(
      'ramping-vus up to ? VUs',
    );
    expect(scenarioSummary(asDraft<Scenario>({ executor: 'constant-vus', vus: 'many' }))).toBe('constant-vus ? VUs');
    expect(scenarioSummary({ steps: [] })).toBe('no executor');
    expect(scenarioSummary(asDraft<Scenario>('nonsense'))).toBe('');
  });
});

describe('step rows', () => {
  it('names a gRPC step by its name, else its method', () => {
    const call = { target: 'h:1', method: 'lookup.Lookup/Get' };
    expect(stepText({ grpc: call })).toEqual({ badge: 'gRPC', text: 'lookup.Lookup/Get' });
    expect(stepAriaLabel({ grpc: call })).toBe('gRPC lookup.Lookup/Get');
    expect(stepAriaLabel({ grpc: { ...call, name: 'lookup' } })).toBe('gRPC lookup');
    expect(stepLabel({ grpc: call })).toBe('gRPC lookup.Lookup/Get');
  });

  it('shows a request by its method and name, else its URL', () => {
    expect(stepText({ request: { name: 'List users', url: '/users' } })).toEqual({ badge: 'GET', text: 'List users' });
    expect(stepText({ request: { method: 'post', url: '/cart' } })).toEqual({ badge: 'POST', text: '/cart' });
    expect(stepText({ request: {} })).toEqual({ badge: 'GET', text: '(no URL)' });
    expect(stepAriaLabel({ request: { method: 'DELETE', url: '/x/1' } })).toBe('DELETE /x/1');
  });

  it('shows think times, groups and batches', () => {
    expect(stepAriaLabel({ think: '1s' })).toBe('Think 1s');
    expect(stepAriaLabel({ think: { min: '1s', max: '3s' } })).toBe('Think 1s–3s');
    expect(stepAriaLabel({ group: { name: 'checkout', steps: [] } })).toBe('Group checkout');
    expect(stepAriaLabel({ group: { steps: [] } })).toBe('Group (unnamed)');
    expect(stepAriaLabel({ batch: [{ request: {} }] })).toBe('Batch of 1 request');
    expect(stepAriaLabel({ batch: [{}, {}] })).toBe('Batch of 2 requests');
    expect(stepText({ sleep: 1 })).toEqual({ badge: '?', text: 'unknown step' });
  });
});

describe('names', () => {
  it('makes up names that are free', () => {
    expect(uniqueName('scenario', [])).toBe('scenario');
    expect(uniqueName('scenario', ['scenario', 'scenario-2'])).toBe('scenario-3');
    expect(copyName('browse', ['browse'])).toBe('browse-copy');
    expect(copyName('browse', ['browse', 'browse-copy'])).toBe('browse-copy-2');
  });

  it('checks scenario and group names as the engine will', () => {
    expect(scenarioNameProblem('', [])).toMatch(/Enter a name/);
    expect(scenarioNameProblem('a b', [])).toMatch(/letters, digits/);
    expect(scenarioNameProblem('browse', ['browse'])).toMatch(/already exists/);
    expect(scenarioNameProblem('browse', ['browse'], 'browse')).toBeNull();
    expect(scenarioNameProblem('check_out-2', ['browse'])).toBeNull();
    expect(groupNameProblem('a:b')).toMatch(/“:”/);
    expect(groupNameProblem('')).toMatch(/Enter a name/);
    expect(groupNameProblem('Pay now')).toBeNull();
  });
});
