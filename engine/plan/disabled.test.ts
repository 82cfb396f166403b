import { describe, expect, it } from 'vitest';
import { parsePlan } from './parse.ts';

const plan = (request: string) =>
  parsePlan(`
version: 1
name: toggles
scenarios:
  s:
    executor: per-vu-iterations
    steps:
      - request: ${request}
`);

describe('disabled headers and query parameters', () => {
  it('are gone from the validated plan, and so is the list', () => {
    const { plan: p } = plan(
      '{ url: "http://127.0.0.1/x", headers: { A: "1", B: "2" }, query: { q: 1, r: 2 }, disabled: { headers: [b], query: [r] } }',
    );
    const step = p.scenarios.s!.steps[0] as { request: Record<string, unknown> };
    expect(step.request.headers).toEqual({ A: '1' });
    expect(step.request.query).toEqual({ q: 1 });
    expect(step.request).not.toHaveProperty('disabled');
  });

  it('are not checked or asked for: a broken template or an env variable only they use', () => {
    const { env } = plan(
      '{ url: "http://127.0.0.1/x", headers: { A: "${env.ONLY_OFF}", B: "${half" }, disabled: { headers: [A, B] } }',
    );
    expect(env.map((e) => e.name)).toEqual([]);
    expect(() => plan('{ url: "http://127.0.0.1/x", headers: { B: "${half" } }')).toThrow(/B/);
  });

  it('ignore a name the request no longer has, and refuse a list of the wrong shape', () => {
    expect(() => plan('{ url: "http://127.0.0.1/x", disabled: { headers: [Gone] } }')).not.toThrow();
    expect(() => plan('{ url: "http://127.0.0.1/x", disabled: { body: [x] } }')).toThrow(/body/);
  });
});
