/**
 * A plan with many request names (a large recording's shape) against a real server: every name keeps exact totals,
 * the per-second timeline charts the first 50 names only (and says so), and a threshold on a phase filtered by a
 * request name still reads that request's values through the workers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { MEMOIZED_REQUESTS } from '../../engine/runtime/compile/request.ts';
import { coordinate } from '../../engine/runtime/coordinator.ts';
import { prepareRun } from '../../engine/runtime/prepare.ts';
import { RunHandle } from '../../engine/runtime/run-handle.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { header, runYaml } from './run-helper.ts';

let server: TargetServer;
let recording: TargetServer;
beforeAll(async () => {
  server = await startTargetServer();
  recording = await startTargetServer({ record: true });
});
afterAll(async () => {
  await server.close();
  await recording.close();
});

const NAMES = 120;

describe('plans with many request names', () => {
  it('keeps every name exact while the timeline charts 50 of them', async () => {
    const steps = Array.from(
      { length: NAMES },
      (_, i) =>
        `      - request: { name: "step ${i}", url: "/json?n=${i}", checks: [{ status: 200 }, { body: { contains: "never there" } }] }`,
    ).join('\n');
    const yaml = (steps: string) => `
version: 1
name: many names
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
${steps}
thresholds:
  "http_req_waiting{request:step 7}": ["p(99)<60000"]
  "http_req_waiting{status:500}": ["p(99)<60000"]
`;
    const { summary, ticks } = await runYaml(yaml(steps), { env: { BASE: server.url }, workers: 2 });
    expect(summary._total).toBe(NAMES * 6);
    expect(server.hits('/json')).toBe(NAMES * 6);
    expect(summary.requests).toHaveLength(NAMES);
    for (const r of summary.requests) expect(r.count, r.name).toBe(6);

    const charted = new Set(summary.timeline.flatMap((p) => Object.keys(p.requests)));
    expect(charted.size).toBe(50);
    for (const p of [...summary.timeline, ...ticks]) expect(Object.keys(p.requests).length).toBeLessThanOrEqual(50);
    expect(summary.timeline.reduce((n, p) => n + p.reqs, 0)).toBe(summary._total);
    expect(summary.notes).toContain(
      'per-second points cover 50 of the 120 request names (the first to run); the request table has all of them',
    );

    // The workers kept http_req_waiting for each series, so the filtered threshold has data; no request answered 500.
    expect(summary.thresholds.map((t) => [t.ok, t.value === null])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(summary.thresholds[0]?.value).toBeGreaterThan(0);

    // Every check of every name, counted through both workers (their keys cross once, their first failure once).
    expect(summary.checks).toHaveLength(2 * NAMES);
    for (const c of summary.checks) {
      const failing = c.name === 'body contains "never there"';
      expect([c.passes, c.fails, c.failure], `${c.request}: ${c.name}`).toEqual(
        failing ? [0, 6, 'text not found'] : [6, 0, undefined],
      );
    }
    // The app's live table: every name in the last tick.
    expect(ticks.at(-1)?.live.requests).toHaveLength(NAMES);
    expect(ticks.at(-1)?.live.statuses).toEqual({ 200: NAMES * 6 });
  });

  it("leaves out the live per-request totals when asked (the CLI's progress shows none)", async () => {
    const steps = Array.from({ length: 20 }, (_, i) => `      - request: { name: "step ${i}", url: "/json?n=${i}" }`);
    const { summary, ticks } = await runYaml(
      `version: 1\nname: lean\nscenarios:\n  s:\n    executor: per-vu-iterations\n    vus: 1\n    iterations: 2\n    steps:\n${steps.join('\n').replaceAll('/json', `${server.url}/json`)}\n`,
      { liveRequests: false },
    );
    expect(summary._total).toBe(40);
    expect(ticks.length).toBeGreaterThan(0);
    for (const t of ticks) expect(t.live.requests).toEqual([]);
    expect(ticks.at(-1)?.live.statuses).toEqual({ 200: 40 });
    expect(summary.requests).toHaveLength(20);
  });

  it('sends the steps past the remembered renderings as they are: URL, headers, body, cookie, auth', async () => {
    // Past MEMOIZED_REQUESTS a step is rendered for each request and the client keeps no head for it (vu/render.ts).
    const count = MEMOIZED_REQUESTS + 5;
    const steps = Array.from(
      { length: count },
      (_, i) =>
        `      - request: { name: "step ${i}", method: POST, url: "/echo", query: { step: "${i}", vu: "\${vu}" }, ` +
        `headers: { x-step: "${i}", x-token: "\${token}" }, json: { n: ${i} } }`,
    );
    const yaml = `
version: 1
name: past the memos
variables: { token: "t-\${vu}" }
defaults: { baseUrl: "\${env.BASE}", auth: { type: bearer, token: "b-\${vu}" } }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 2
    steps:
      - request: { name: "login", url: "/cookies/set?sid=s\${vu}" }
${steps.join('\n')}
`;
    const { summary } = await runYaml(yaml, { env: { BASE: recording.url }, workers: 1 });
    expect(summary._total).toBe((count + 1) * 4);
    expect(summary.requests.filter((r) => r.count !== 4 || r.failed !== 0)).toEqual([]);
    const echoes = recording.requests.filter((r) => r.path === '/echo');
    expect(echoes).toHaveLength(count * 4);
    const seen = new Set<string>();
    for (const r of echoes) {
      const step = r.query.step!;
      const vu = r.query.vu!;
      seen.add(`${step} ${vu}`);
      expect(
        [r.method, header(r, 'x-step'), header(r, 'x-token'), header(r, 'authorization'), header(r, 'cookie'), r.body],
        `step ${step}, VU ${vu}`,
      ).toEqual(['POST', step, `t-${vu}`, `Bearer b-${vu}`, `sid=s${vu}`, `{"n":${step}}`]);
      expect(header(r, 'content-type')).toBe('application/json');
    }
    expect(seen.size).toBe(count * 2);
  });

  it('keeps no scenario steps on the coordinator while the workers run them; setup and teardown stay', async () => {
    const steps = Array.from({ length: 30 }, (_, i) => `      - request: { name: "step ${i}", url: "/json?n=${i}" }`);
    const { plan } = parsePlan(
      `version: 1\nname: forget\ndefaults: { baseUrl: "\${env.BASE}" }\n` +
        `setup: { steps: [{ request: { name: "before", url: "/json?setup" } }] }\n` +
        `teardown: { steps: [{ request: { name: "after", url: "/json?teardown" } }] }\n` +
        `scenarios:\n  s:\n    executor: per-vu-iterations\n    vus: 2\n    iterations: 2\n    steps:\n${steps.join('\n')}\n`,
    );
    const prepared = await prepareRun(plan, { env: { BASE: server.url }, workers: 2 });
    const kept: number[] = [];
    const handle = new RunHandle((h) => coordinate(prepared, h));
    handle.on('tick', () => kept.push(prepared.plan.scenarios.s!.steps.length));
    const summary = await handle.done;
    expect(Object.fromEntries(summary.requests.map((r) => [r.name, r.count]))).toEqual({
      before: 1,
      ...Object.fromEntries(steps.map((_, i) => [`step ${i}`, 4])),
      after: 1,
    });
    expect(kept.length).toBeGreaterThan(0);
    expect(new Set(kept)).toEqual(new Set([0]));
    expect(prepared.plan.setup?.steps).toHaveLength(1);
    expect(prepared.plan.teardown?.steps).toHaveLength(1);
    expect(plan.scenarios.s!.steps).toHaveLength(30); // the caller's plan is the caller's
  });
});
