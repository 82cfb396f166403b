/** A plan's durations are at most 720h wherever it gives one: the limit (base/duration.ts) as plan validation applies it. */
import { describe, expect, it } from 'vitest';
import { MAX_DURATION_MS, overDurationLimit } from '../base/duration.ts';
import { PlanError } from './errors.ts';
import { parsePlan } from './parse.ts';

describe('the longest duration (720h, past the 596.5 h a Node timer holds)', () => {
  const plan = (d: string): string => `version: 1
name: soak
defaults: { baseUrl: http://127.0.0.1:1, timeout: ${d} }
scenarios:
  soak:
    executor: constant-vus
    duration: ${d}
    startTime: ${d}
    gracefulStop: ${d}
    steps:
      - request: { url: /, timeout: ${d} }
      - think: ${d}
      - think: { min: 1s, max: ${d} }
  ramp:
    executor: ramping-vus
    stages: [{ duration: ${d}, target: 1 }]
    steps: [{ request: { url: / } }]
`;

  it('accepts 720h everywhere a plan gives a duration', () => {
    expect(MAX_DURATION_MS).toBe(720 * 3_600_000);
    expect(() => parsePlan(plan('720h'), 'soak.yaml')).not.toThrow();
    expect(overDurationLimit('720h')).toBe(false);
    expect(overDurationLimit('43200m')).toBe(false);
  });

  it('refuses anything longer with file:line:column and the plan path, each field on its own', () => {
    let error: unknown;
    try {
      parsePlan(plan('720h1ms'), 'soak.yaml');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlanError);
    const lines = (error as PlanError).message.split('\n').filter((l) => l.includes('at most 720h'));
    const hint = 'expected a duration of at most 720h (30 days): split a longer test into several runs';
    expect(lines).toEqual([
      `soak.yaml:3:51: defaults.timeout: ${hint}`,
      `soak.yaml:7:15: scenarios.soak.duration: ${hint}`,
      `soak.yaml:8:16: scenarios.soak.startTime: ${hint}`,
      `soak.yaml:9:19: scenarios.soak.gracefulStop: ${hint}`,
      `soak.yaml:11:37: scenarios.soak.steps[0].request.timeout: ${hint}`,
      `soak.yaml:12:16: scenarios.soak.steps[1].think: ${hint}`,
      `soak.yaml:13:32: scenarios.soak.steps[2].think.max: ${hint}`,
      `soak.yaml:16:26: scenarios.ramp.stages[0].duration: ${hint}`,
    ]);
  });

  it('leaves text that is no duration at all to the pattern (one error, not two)', () => {
    expect(overDurationLimit('soon')).toBe(false);
    expect(overDurationLimit('99999999999h')).toBe(true);
  });
});
