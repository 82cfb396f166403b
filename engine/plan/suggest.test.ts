import { describe, expect, it } from 'vitest';
import { parsePlan, PlanError } from './index.ts';
import { closest, withSuggestionBudget } from '../base/suggest.ts';

const HEAD = 'version: 1\nname: x\n';
const SCENARIOS =
  'scenarios:\n  a:\n    executor: constant-vus\n    duration: 1s\n    steps: [{ request: { url: "http://h/" } }]\n';

function refused(text: string): PlanError {
  try {
    parsePlan(text, 'plans/typos.yaml');
  } catch (e) {
    if (e instanceof PlanError) return e;
    throw e;
  }
  throw new Error('expected a PlanError, but the plan parsed');
}

describe('did you mean', () => {
  it('suggests the closest candidate within a third of the word, the first of equals', () => {
    expect(closest('chekcs', ['checks', 'extract'])).toBe('checks');
    expect(closest('PSOT', ['GET', 'POST'])).toBe('POST');
    expect(closest('vu', ['vus', 'vux'])).toBe('vus');
    expect(closest('ulr', ['ur', 'url'])).toBe('ur');
    expect(closest('durashun', ['duration'])).toBeUndefined();
  });

  it('gives up on words longer than 64 characters', () => {
    expect(closest('a'.repeat(64), ['a'.repeat(63)])).toBe('a'.repeat(63));
    expect(closest('a'.repeat(65), ['a'.repeat(64)])).toBeUndefined();
  });

  it('stops suggesting when the budget of a validation is spent, and only then', () => {
    // Every candidate costs 1 + 6 × 6 units of work: the one that matches is the 1,000th.
    const names = [...Array.from({ length: 999 }, () => 'qqqqqq'), 'target'];
    expect(withSuggestionBudget(1_000_000, () => closest('targex', names))).toBe('target');
    expect(withSuggestionBudget(20_000, () => closest('targex', names))).toBeUndefined();
    expect(withSuggestionBudget(40_000, () => [closest('targex', names), closest('targex', names)])).toEqual([
      'target',
      undefined,
    ]);
    expect(withSuggestionBudget(80_000, () => [closest('targex', names), closest('targex', names)])).toEqual([
      'target',
      'target',
    ]);
  });

  it('a 1 MB executor name is refused at once, without a suggestion (took 10 s and 800 MB)', () => {
    const started = performance.now();
    const err = refused(`${HEAD}${SCENARIOS.replace('constant-vus', 'x'.repeat(1_000_000))}`);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(err.issues[0]?.message).toMatch(/^unknown executor 'x{57}\.\.\.': expected one of constant-vus, /);
    expect(err.issues[0]?.message).not.toMatch(/did you mean/);
  });

  it('a long unknown key is quoted shortly in the message', () => {
    const err = refused(`${HEAD}${'k'.repeat(1000)}: 1\n${SCENARIOS}`);
    expect(err.issues[0]?.message).toMatch(/^unknown key 'k{57}\.\.\.'; allowed here: version, name, /);
  });
});

describe('messages stay short when a plan has many names', () => {
  it('a threshold on an unknown request lists 20 of the known names and counts the rest', () => {
    const steps = Array.from({ length: 30 }, (_, i) => `      - request: { name: r${i}, url: "http://h/" }\n`).join('');
    const text = `${HEAD}scenarios:\n  a:\n    executor: constant-vus\n    duration: 1s\n    steps:\n${steps}thresholds:\n  "http_reqs{request:nope}": ["count>0"]\n`;
    const message = refused(text).issues[0]?.message ?? '';
    expect(message).toMatch(/^no request 'nope' in this plan, .*; known: r0, r1, .*, r19 and 10 more$/);
  });
});
