import { describe, expect, it } from 'vitest';
import { controlRows, parseTarget, type ScenarioInfo } from './control.ts';

const SCENARIOS: ScenarioInfo[] = [
  {
    name: 'browse',
    executor: 'constant-vus',
    description: '',
    maxVus: 10,
    startMs: 0,
    regularMs: 30_000,
    scale: { unit: 'vus', maxVus: 100 },
  },
  {
    name: 'api',
    executor: 'constant-arrival-rate',
    description: '',
    maxVus: 50,
    startMs: 10_000,
    regularMs: 20_000,
    scale: { unit: 'rate' },
  },
  {
    name: 'once',
    executor: 'per-vu-iterations',
    description: '',
    maxVus: 2,
    startMs: 0,
    regularMs: 600_000,
    scale: null,
  },
];

describe('run view control rows', () => {
  it('says what each scenario is set to and whether it can be scaled now', () => {
    const rows = controlRows(SCENARIOS, { paused: false, targets: { browse: { vus: 40 } } }, 5_000);
    expect(rows.map((r) => [r.name, r.unit, r.current, r.blocked])).toEqual([
      ['browse', 'vus', '40 VUs', undefined],
      ['api', 'rate', 'plan', 'starts at 10s (its startTime)'],
      [
        'once',
        null,
        'plan',
        'per-vu-iterations runs a number of iterations: pause and resume apply to it, not a scale',
      ],
    ]);
    expect(controlRows(SCENARIOS, undefined, 31_000)[1]?.blocked).toBe('has reached the end of its duration');
  });

  it('checks a typed value before sending it', () => {
    const [browse, api] = controlRows(SCENARIOS, undefined, 12_000) as [
      ReturnType<typeof controlRows>[number],
      ReturnType<typeof controlRows>[number],
    ];
    expect(parseTarget(browse, ' 25 ')).toEqual({ ok: true, target: { vus: 25 } });
    expect(parseTarget(browse, '2.5')).toEqual({ ok: false, problem: 'VUs of browse: a whole number of 0 or more' });
    expect(parseTarget(browse, '101')).toEqual({ ok: false, problem: 'VUs of browse: at most 100 in this run' });
    expect(parseTarget(api, '12.5')).toEqual({ ok: true, target: { rate: 12.5 } });
    expect(parseTarget(api, '')).toEqual({ ok: false, problem: 'Rate of api: iterations per second, 0 or more' });
    expect(parseTarget(api, '-1').ok).toBe(false);
  });
});
