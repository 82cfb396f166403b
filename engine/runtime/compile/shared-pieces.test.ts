import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import type { Plan } from '../../plan/schema/index.ts';
import type { CompiledRequest } from './request.ts';
import { sharedPieces } from './request.ts';
import { compileSteps } from './steps.ts';

/** A recorded plan's shape: every step its own name and path, the same baseUrl and headers. */
function recorded(steps: number, checks?: unknown[]): Plan {
  return validatePlanValue({
    version: 1,
    name: 'recorded',
    defaults: { baseUrl: '${env.BASE_URL}', headers: { Accept: 'application/json', 'X-Run': '${env.RUN}' } },
    scenarios: {
      s: {
        executor: 'per-vu-iterations',
        steps: Array.from({ length: steps }, (_, i) => ({
          request: { name: `step ${i}`, url: `/r/${i}`, ...(checks ? { checks } : {}) },
        })),
      },
    },
  }).plan;
}

function compile(plan: Plan, shared: boolean): CompiledRequest[] {
  const cc = {
    plan,
    scenario: 's',
    scenarioTags: undefined,
    recorder: new MetricsRecorder(),
    files: new Map(),
    ...(shared ? { shared: sharedPieces() } : {}),
  };
  return compileSteps(plan.scenarios.s!.steps, '', cc) as CompiledRequest[];
}

describe('steps compiled together', () => {
  it('share their baseUrl and header templates, and keep their own URLs and series', () => {
    const [a, b, c] = compile(recorded(3), true);
    expect(a!.baseUrl).toBe(b!.baseUrl);
    expect(a!.headers).toBe(c!.headers);
    expect(a!.headerNames).toBe(c!.headerNames);
    expect(a!.url).not.toBe(b!.url);
    expect(a!.series).not.toBe(b!.series);
    const ctx = { vu: 1, iter: 0, scenario: 's', env: { BASE_URL: 'http://h', RUN: '7' }, vars: new Map(), data: {} };
    expect([a!.url.render(ctx), b!.url.render(ctx), a!.headers[1]![1].render(ctx)]).toEqual(['/r/0', '/r/1', '7']);
  });

  it('share the header pairs they have in common when one header differs (a Referer per step)', () => {
    const plan = recorded(2);
    const steps = plan.scenarios.s!.steps as { request: { headers?: Record<string, string> } }[];
    steps.forEach((s, i) => (s.request.headers = { Referer: `http://h/r/${i - 1}` }));
    const [a, b] = compile(plan, true);
    expect(a!.headers).not.toBe(b!.headers);
    expect(a!.headers.map(([k]) => k)).toEqual(['Accept', 'X-Run', 'Referer']);
    expect(a!.headers[0]).toBe(b!.headers[0]);
    expect(a!.headers[1]).toBe(b!.headers[1]);
    expect(a!.headers[2]).not.toBe(b!.headers[2]);
    // The same names: one set of them, which says what the user set.
    expect(a!.headerNames).toBe(b!.headerNames);
    expect([...a!.headerNames]).toEqual(['accept', 'x-run', 'referer']);
    const [alone] = compile(recorded(1), true);
    expect(alone!.headerNames).not.toBe(a!.headerNames);
    expect([...alone!.headerNames]).toEqual(['accept', 'x-run']);
    const ctx = { vu: 1, iter: 0, scenario: 's', env: { RUN: '7' }, vars: new Map(), data: {} };
    expect([a!.headers[2]![1].render(ctx), b!.headers[2]![1].render(ctx)]).toEqual(['http://h/r/-1', 'http://h/r/0']);
  });

  it('share the compiled rule and the name of the same check, and count it per step', () => {
    const checks = [{ status: 200 }, { body: { contains: 'ok' } }];
    const [a, b] = compile(recorded(2, checks), true);
    for (const k of [0, 1]) {
      expect(a!.checks[k]!.rule).toBe(b!.checks[k]!.rule);
      expect(a!.checks[k]!.key.check).toBe(b!.checks[k]!.key.check);
      expect(a!.checks[k]!).not.toBe(b!.checks[k]!);
    }
    expect(a!.checks.map((c) => c.key)).toEqual([
      { scenario: 's', group: '', request: 'step 0', check: 'status is 200' },
      { scenario: 's', group: '', request: 'step 0', check: 'body contains "ok"' },
    ]);
    expect(a!.checks[0]!.rule).not.toBe(a!.checks[1]!.rule);
    const [c] = compile(recorded(1, [{ status: 201 }]), true);
    expect(c!.checks[0]!.key.check).toBe('status is 201');
  });

  it('each have their own when compiled apart (setup, teardown, a trace)', () => {
    const [a, b] = compile(recorded(2), false);
    expect(a!.baseUrl).not.toBe(b!.baseUrl);
    expect(a!.headers).not.toBe(b!.headers);
    const [c, d] = compile(recorded(2, [{ status: 200 }]), false);
    expect(c!.checks[0]!.rule).not.toBe(d!.checks[0]!.rule);
  });
});
