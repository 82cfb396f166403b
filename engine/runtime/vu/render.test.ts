import { describe, expect, it } from 'vitest';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { parsePlan } from '../../plan/index.ts';
import type { CompiledRequest } from '../compile/request.ts';
import { compileSteps } from '../compile/steps.ts';
import type { MutableTemplateContext } from './virtual-user.ts';
import { renderRequest } from './render.ts';

const { plan } = parsePlan(`
version: 1
name: render
variables: { a: "1", b: "k" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 1
    iterations: 1
    steps:
      - request: { url: "http://127.0.0.1:1/x", headers: { x-a: "\${a}", x-b: "\${b}" } }
`);
const step = compileSteps(plan.scenarios.s!.steps, '', { plan, scenario: 's', scenarioTags: undefined, recorder: new MetricsRecorder(), files: new Map() })[0] as CompiledRequest;

function ctx(vars: Record<string, string>): MutableTemplateContext {
  return { vu: 1, iter: 0, scenario: 's', env: {}, vars: new Map(Object.entries(vars)), data: {} };
}
const header = (headers: readonly string[], name: string): string | undefined => headers[headers.indexOf(name) + 1];

describe('renderRequest', () => {
  it('reuses the header array while the values stay the same, and the URL split', () => {
    const first = renderRequest(step, ctx({ a: '1', b: 'k' }), 'ua');
    const again = renderRequest(step, ctx({ a: '1', b: 'k' }), 'ua');
    expect(again.headers).toBe(first.headers);
    expect(again.target).toEqual({ origin: 'http://127.0.0.1:1', path: '/x' });
  });

  it('never sends old headers after a rendering that failed half-way', () => {
    renderRequest(step, ctx({ a: '1', b: 'k' }), 'ua');
    // x-a renders a new value, then x-b throws (its variable is gone, as after a failed extraction).
    expect(() => renderRequest(step, ctx({ a: '2' }), 'ua')).toThrow();
    const next = renderRequest(step, ctx({ a: '2', b: 'k' }), 'ua');
    expect(header(next.headers, 'x-a')).toBe('2');
    expect(header(next.headers, 'x-b')).toBe('k');
  });
});
