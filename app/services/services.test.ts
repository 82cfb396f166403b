/**
 * The services on a real store in a temp data dir, through the dispatcher (the transport boundary): plans with
 * revisions, import/export round trips without secrets, environments that never return secrets, runs through the
 * engine against a local server with ticks stored and events emitted.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTargetServer, type TargetServer } from '../../tests/fixtures/target-server.ts';
import type { Services } from './index.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let services: Services;
let events: TestServices['events'];
const call: TestServices['call'] = (method, params) => t.call(method, params);
const fail: TestServices['fail'] = (method, params) => t.fail(method, params);

beforeEach(async () => {
  t = await openTestServices('services');
  ({ services, events } = t);
});
afterEach(async () => {
  await t.close();
});

const PLAN_YAML = (base: string) => `version: 1
name: Imported
defaults:
  baseUrl: ${base}
  headers: { X-API-Key: abc123, Accept: application/json }
  auth: { type: bearer, token: "literal-token" }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
      - request: { name: doc, url: /json, checks: [{ status: 200 }] }
thresholds:
  http_req_failed: ["rate<0.01"]
`;

describe('plans', () => {
  it('creates, saves revisions, renames, duplicates, restores and deletes', async () => {
    const p = await call('plans.create', { name: 'First' });
    expect(p).toMatchObject({ name: 'First', revision: 1, valid: true, scenarios: 1, requests: 1, issues: [] });
    const doc = { ...(p.document as object), description: 'changed' };
    const saved = await call('plans.save', { id: p.id, document: doc, baseRevision: 1 });
    expect(saved.revision).toBe(2);
    // A save based on a stale revision is a conflict, and changes nothing.
    expect(await fail('plans.save', { id: p.id, document: {}, baseRevision: 1 })).toMatchObject({ code: 'conflict' });
    expect((await call('plans.get', { id: p.id })).revision).toBe(2);

    const renamed = await call('plans.rename', { id: p.id, name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', revision: 3 });
    expect((renamed.document as { name: string }).name).toBe('Renamed');
    const copy = await call('plans.duplicate', { id: p.id });
    expect(copy).toMatchObject({ name: 'Renamed (copy)', revision: 1 });
    expect((await call('plans.revisions', { id: p.id })).map((r) => r.revision)).toEqual([3, 2, 1]);
    const restored = await call('plans.restore', { id: p.id, revision: 1 });
    expect(restored).toMatchObject({ revision: 4, name: 'First' });
    expect((await call('plans.list', {})).map((x) => x.name).sort()).toEqual(['First', 'Renamed (copy)']);
    expect(await call('plans.delete', { id: p.id })).toEqual({ deleted: true });
    expect(await fail('plans.get', { id: p.id })).toMatchObject({ code: 'not_found' });
  });

  it('keeps invalid drafts, with their issues, and counts what it can', async () => {
    const p = await call('plans.create', { name: 'Draft' });
    const draft = await call('plans.save', {
      id: p.id,
      document: {
        version: 1,
        name: 'Draft',
        scenarios: { a: { executor: 'constant-vus', steps: [{ request: { url: '/x' } }] } },
      },
    });
    expect(draft.valid).toBe(false);
    expect(draft.requests).toBe(1);
    expect(draft.issues.map((i) => i.path.join('.'))).toContain('scenarios.a.duration');
  });

  it('imports a plan file and exports it back without its secrets; the export imports again', async () => {
    const imported = await call('plans.import', { text: PLAN_YAML('http://127.0.0.1:1'), fileName: 'api.yaml' });
    expect(imported).toMatchObject({ name: 'Imported', valid: true, requests: 1 });
    const out = await call('plans.export', { id: imported.id });
    expect(out.fileName).toBe('imported.yaml');
    expect(out.text).not.toContain('abc123');
    expect(out.text).not.toContain('literal-token');
    expect(out.replacedSecrets.map((r) => r.path).sort()).toEqual([
      'defaults.auth.token',
      'defaults.headers.X-API-Key',
    ]);
    const doc = parse(out.text) as { defaults: { auth: { token: string }; headers: Record<string, string> } };
    expect(doc.defaults.auth.token).toBe('${env.API_TOKEN}');
    expect(doc.defaults.headers['X-API-Key']).toBe('${env.X_API_KEY}');
    expect(doc.defaults.headers.Accept).toBe('application/json');
    const again = await call('plans.import', { text: out.text, fileName: out.fileName });
    expect(again.valid).toBe(true);
    // Asked for, secrets stay.
    expect((await call('plans.export', { id: imported.id, includeSecrets: true, format: 'json' })).text).toContain(
      'literal-token',
    );
  });

  it('refuses an invalid file with located issues', async () => {
    const e = await fail('plans.import', {
      text: 'version: 1\nname: x\nscenarios:\n  s:\n    executor: constant-vu\n',
      fileName: 'bad.yaml',
    });
    expect(e.code).toBe('plan_invalid');
    expect(e.issues?.[0]).toMatchObject({ path: ['scenarios', 's', 'executor'], line: 5, column: 15 });
  });
});

describe('environments', () => {
  it('never returns secret values, keeps them when not resent, and feeds runs', async () => {
    const env = await call('environments.save', {
      name: 'staging',
      variables: [
        { name: 'BASE_URL', value: 'http://x' },
        { name: 'TOKEN', secret: true, value: 'hunter2' },
      ],
    });
    expect(env.variables).toEqual([
      { name: 'BASE_URL', secret: false, value: 'http://x', hasValue: true },
      { name: 'TOKEN', secret: true, value: null, hasValue: true },
    ]);
    expect(JSON.stringify(await call('environments.list', {}))).not.toContain('hunter2');
    const resaved = await call('environments.save', {
      id: env.id,
      name: 'staging',
      variables: [
        { name: 'BASE_URL', value: 'http://y' },
        { name: 'TOKEN', secret: true },
      ],
    });
    expect(resaved.variables[1]).toEqual({ name: 'TOKEN', secret: true, value: null, hasValue: true });
    expect(
      await fail('environments.save', {
        name: 'dup',
        variables: [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
        ],
      }),
    ).toMatchObject({ code: 'invalid_params' });
  });
});

describe('runs', () => {
  let target: TargetServer;
  beforeEach(async () => {
    target = await startTargetServer();
  });
  afterEach(async () => {
    await target.close();
  });

  const planWithBase = async (): Promise<string> => {
    const p = await call('plans.import', { text: PLAN_YAML('${env.BASE_URL}'), fileName: 'api.yaml' });
    return p.id;
  };
  const done = (runId: string): Promise<void> =>
    new Promise((resolve) => {
      const stop = services.events.subscribe((event, payload) => {
        if (event === 'run.done' && (payload as { runId: string }).runId === runId) {
          stop();
          resolve();
        }
      });
    });

  it('runs a plan with an environment through the engine, storing ticks and the summary', async () => {
    const planId = await planWithBase();
    const env = await call('environments.save', {
      name: 'local',
      variables: [{ name: 'BASE_URL', value: target.url }],
    });
    const run = await call('runs.start', { planId, environmentId: env.id });
    expect(run).toMatchObject({ status: 'running', planName: 'Imported', environment: 'local' });
    expect(await fail('runs.start', { planId, environmentId: env.id })).toMatchObject({ code: 'busy' });
    await done(run.id);
    const detail = await call('runs.get', { id: run.id });
    expect(detail).toMatchObject({ status: 'passed', key: { requests: 6, thresholdsPassed: 1, thresholdsFailed: 0 } });
    expect(detail.summary?._total).toBe(6);
    expect(target.hits('/json')).toBe(6);
    const samples = await call('runs.samples', { id: run.id });
    expect(samples.length).toBeGreaterThanOrEqual(1);
    expect(samples.reduce((n, t) => n + t.reqs, 0)).toBe(6);
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['run.started', 'run.tick', 'run.done']));
    expect((await call('runs.list', { planId })).map((r) => r.id)).toEqual([run.id]);
    // Live ticks carry running totals; the stored samples do not (the summary has the final ones).
    const tickEvent = events.find((e) => e.event === 'run.tick')?.payload as { tick: { live?: unknown } };
    expect(tickEvent.tick.live).toBeDefined();
    expect(samples.every((s) => !('live' in s))).toBe(true);
    // A label groups repeats into a series; the export is the summary itself.
    expect((await call('runs.label', { id: run.id, label: 'baseline' })).label).toBe('baseline');
    expect(await fail('runs.label', { id: run.id, label: '<bad>' })).toMatchObject({ code: 'invalid_params' });
    const exported = await call('runs.export', { id: run.id, format: 'json' });
    expect(exported.fileName).toMatch(/^imported-\d{4}-\d{2}-\d{2}-.*\.json$/);
    // runs.get leaves the summary's timeline to runs.samples; the export has all of it.
    const full = JSON.parse(exported.text) as NonNullable<typeof detail.summary>;
    expect(detail.summary?.timeline).toEqual([]);
    expect({ ...full, timeline: [] }).toEqual(detail.summary);
    expect(full.timeline.reduce((n, p) => n + p.reqs, 0)).toBe(6);
    // The HTML export is the same single-file report the CLI writes, titled with the label, data embedded.
    const html = await call('runs.export', { id: run.id, format: 'html' });
    expect(html.fileName).toMatch(/\.html$/);
    expect(/<title>([^<]*)<\/title>/.exec(html.text)?.[1]).toMatch(/^imported — baseline/i);
    const embedded = /<script type="application\/json" id="loadsmith-data">([^<]*)<\/script>/.exec(html.text)?.[1];
    expect(JSON.parse(embedded ?? 'null').summary._total).toBe(6);
  });

  it('runs with a rate override as the open model, and refuses an override the plan cannot take', async () => {
    const planId = await planWithBase();
    const env = await call('environments.save', {
      name: 'local',
      variables: [{ name: 'BASE_URL', value: target.url }],
    });
    expect(await fail('runs.start', { planId, environmentId: env.id, overrides: { rate: 20 } })).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/--rate needs --duration/),
    });
    const run = await call('runs.start', { planId, environmentId: env.id, overrides: { rate: 20, duration: '1s' } });
    expect(run.overrides).toEqual({ rate: 20, duration: '1s' });
    await done(run.id);
    const scenario = (await call('runs.get', { id: run.id })).summary?.scenarios[0];
    expect(scenario).toMatchObject({ executor: 'constant-arrival-rate', arrival: { targetRate: 20 } });
    expect(scenario?.iterations).toBeGreaterThanOrEqual(15);
  });

  it('refuses to start a plan whose environment variable is missing, naming it', async () => {
    const planId = await planWithBase();
    const e = await fail('runs.start', { planId });
    expect(e.code).toBe('plan_invalid');
    expect(e.message).toMatch(/BASE_URL is not set/);
    expect(await call('runs.list', {})).toEqual([]);
  });

  it('stops a run on request: gracefully by default (stopped), at once with mode abort (aborted)', async () => {
    const p = await call('plans.import', {
      text: `version: 1\nname: long\ndefaults: { baseUrl: "${target.url}" }\nscenarios:\n  s:\n    executor: constant-vus\n    duration: 60s\n    gracefulStop: 1s\n    steps: [{ request: { url: /json } }, { think: 50ms }]\n`,
      fileName: 'long.yaml',
    });
    const run = await call('runs.start', { planId: p.id });
    const finished = done(run.id);
    await new Promise((r) => setTimeout(r, 1200));
    expect(await call('runs.stop', { id: run.id })).toEqual({ stopping: true });
    await finished;
    const detail = await call('runs.get', { id: run.id });
    expect(detail.status).toBe('stopped');
    expect(detail.summary?.stoppedBy).toBe('stopped');
    expect(detail.durationMs).toBeLessThan(5000);
    expect(detail.summary?._total).toBeGreaterThan(0);
    expect((await call('runs.list', {})).find((r) => r.id === run.id)?.status).toBe('stopped');
    const hard = await call('runs.start', { planId: p.id });
    const ended = done(hard.id);
    await new Promise((r) => setTimeout(r, 600));
    await call('runs.stop', { id: hard.id, mode: 'abort' });
    await ended;
    expect((await call('runs.get', { id: hard.id })).status).toBe('aborted');
  });

  it("sends a secret kept across a re-save (never shown to the UI) in the run's requests", async () => {
    const recorder = await startTargetServer({ record: true });
    try {
      const env = await call('environments.save', {
        name: 'sec',
        variables: [
          { name: 'BASE_URL', value: recorder.url },
          { name: 'TOKEN', secret: true, value: 'hunter2' },
        ],
      });
      // Saved again without the secret's value: it keeps the stored one.
      await call('environments.save', {
        id: env.id,
        name: 'sec',
        variables: [
          { name: 'BASE_URL', value: recorder.url },
          { name: 'TOKEN', secret: true },
        ],
      });
      const p = await call('plans.import', {
        text: `version: 1\nname: sec\ndefaults: { baseUrl: "\${env.BASE_URL}" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps: [{ request: { url: /echo, headers: { X-Token: "\${env.TOKEN}" } } }]\n`,
        fileName: 'sec.yaml',
      });
      const run = await call('runs.start', { planId: p.id, environmentId: env.id });
      await done(run.id);
      expect(recorder.requests.map((r) => r.headers['x-token'])).toEqual(['hunter2']);
      expect(JSON.stringify(await call('runs.get', { id: run.id }))).not.toContain('hunter2');
    } finally {
      await recorder.close();
    }
  });
});
