import { describe, expect, it } from 'vitest';
import { controlEventOf, MAX_CONTROL_RATE } from './control.ts';

describe('controlEventOf: a change as a worker receives it', () => {
  it('takes pause, resume and the two kinds of scale', () => {
    expect(controlEventOf({ kind: 'pause', atMs: 3000 })).toEqual({ kind: 'pause', atMs: 3000 });
    expect(controlEventOf({ atMs: 0, kind: 'resume' })).toEqual({ kind: 'resume', atMs: 0 });
    expect(controlEventOf({ kind: 'scale', atMs: 1000, scenario: 'api', vus: 0 })).toEqual({
      kind: 'scale',
      atMs: 1000,
      scenario: 'api',
      vus: 0,
    });
    expect(controlEventOf({ kind: 'scale', atMs: 1000, scenario: 'api', rate: 12.5 })).toEqual({
      kind: 'scale',
      atMs: 1000,
      scenario: 'api',
      rate: 12.5,
    });
  });

  it.each([
    ['no object', 'pause'],
    ['null', null],
    ['an array', [{ kind: 'pause', atMs: 0 }]],
    ['an unknown kind', { kind: 'stop', atMs: 0 }],
    ['a negative time', { kind: 'pause', atMs: -1000 }],
    ['a fractional time', { kind: 'pause', atMs: 1.5 }],
    ['a time as text', { kind: 'pause', atMs: '1000' }],
    ['an extra key', { kind: 'pause', atMs: 0, vus: 3 }],
    ['a scale without scenario', { kind: 'scale', atMs: 0, vus: 3 }],
    ['a scale with both targets', { kind: 'scale', atMs: 0, scenario: 'a', vus: 3, rate: 3 }],
    ['fractional VUs', { kind: 'scale', atMs: 0, scenario: 'a', vus: 2.5 }],
    ['negative VUs', { kind: 'scale', atMs: 0, scenario: 'a', vus: -1 }],
    ['a rate over the limit', { kind: 'scale', atMs: 0, scenario: 'a', rate: MAX_CONTROL_RATE + 1 }],
    ['a rate that is no number', { kind: 'scale', atMs: 0, scenario: 'a', rate: Number.NaN }],
  ])('refuses %s', (_what, message) => {
    expect(controlEventOf(message)).toBeUndefined();
  });
});
