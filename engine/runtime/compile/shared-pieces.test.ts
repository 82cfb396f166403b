import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import type { Plan } from '../../plan/schema/index.ts';
import type { CompiledRequest } from './request.ts';
import { sharedPieces } from './request.ts';
import { compileSteps } from './steps.ts';

/** A recorded plan's shape: every step its own name and path, the same baseUrl and headers. */
function recorded(steps: number): Plan {
  return validatePlanValue({
    version: 1,
    name: 'recorded',
    defaults: { baseUrl: '${env.BASE_URL}', headers: { Accept: 'application/json', 'X-Run': '${env.RUN}' } },
    scenarios: {
      s: {
        executor: 'per-vu-iterations',
        steps: Array.from({ length: steps }, (_, i) => ({ request: { name: `step ${i}`, url: `/r/${i}` } })),
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

  it('each have their own when compiled apart (setup, teardown, a trace)', () => {
    const [a, b] = compile(recorded(2), false);
    expect(a!.baseUrl).not.toBe(b!.baseUrl);
    expect(a!.headers).not.toBe(b!.headers);
  });
});
