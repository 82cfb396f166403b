/**
 * runs.start with metric streams: the app's equivalent of `--out otlp=URL`. Credentials come from the run's
 * environment (a secret variable, stored encrypted); a URL that cannot be used is refused before anything runs;
 * a dead endpoint is noted in the stored summary.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTargetServer, unusedPort, type TargetServer } from '../../tests/fixtures/target-server.ts';
import { attr, startOtlpReceiver, type OtlpReceiver } from '../../tests/fixtures/metric-stores/otlp-receiver.ts';
import { openTestServices, type TestServices } from './testing.ts';

let t: TestServices;
let target: TargetServer;
let receiver: OtlpReceiver;
beforeEach(async () => {
  t = await openTestServices('run-outputs');
  target = await startTargetServer();
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await t.close();
  await target.close();
  await receiver.close();
});

const done = (runId: string): Promise<void> =>
  new Promise((resolve) => {
    const stop = t.services.events.subscribe((event, payload) => {
      if (event === 'run.done' && (payload as { runId: string }).runId === runId) {
        stop();
        resolve();
      }
    });
  });

async function plan(): Promise<string> {
  const p = await t.call('plans.import', {
    text: 'version: 1\nname: streamed\ndefaults: { baseUrl: "${env.BASE_URL}" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    vus: 2\n    iterations: 3\n    steps: [{ request: { name: doc, url: /json } }]\n',
    fileName: 'streamed.yaml',
  });
  return p.id;
}

describe('runs.start with outputs', () => {
  it('streams the run to OTLP with headers from a secret environment variable', async () => {
    const env = await t.call('environments.save', {
      name: 'ci',
      variables: [
        { name: 'BASE_URL', value: target.url },
        { name: 'LOADSMITH_OTLP_HEADERS', secret: true, value: 'Authorization=Bearer app-secret' },
        { name: 'LOADSMITH_TESTID', value: 'app-run-1' },
      ],
    });
    const run = await t.call('runs.start', {
      planId: await plan(),
      environmentId: env.id,
      outputs: [{ kind: 'otlp', url: receiver.url }],
    });
    await done(run.id);
    const detail = await t.call('runs.get', { id: run.id });
    expect(detail.summary?._total).toBe(6);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
    expect(receiver.requests.every((r) => r.headers.authorization === 'Bearer app-secret')).toBe(true);
    expect(attr(receiver.requests[0]!.body.resourceMetrics[0]!.resource.attributes, 'testid')).toBe('app-run-1');
    const reqs = receiver.requests
      .flatMap((r) => r.body.resourceMetrics[0]!.scopeMetrics[0]!.metrics)
      .filter((m) => m.name === 'http_reqs');
    expect(Math.max(...reqs.flatMap((m) => m.sum!.dataPoints.map((p) => p.asDouble ?? 0)))).toBe(6);
    expect(JSON.stringify(detail)).not.toContain('app-secret');
  });

  it('refuses an output URL that cannot be used, before the run', async () => {
    const planId = await plan();
    const bad = await t.fail('runs.start', { planId, outputs: [{ kind: 'prometheus-rw', url: 'localhost:9090' }] });
    expect(bad).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/is not an http:\/\/ or https:\/\/ URL/),
    });
    const secret = await t.fail('runs.start', {
      planId,
      outputs: [{ kind: 'influxdb', url: 'http://u:pw@db.test:8086/k6' }],
    });
    expect(secret.message).toMatch(/carries a user name or password/);
    expect(JSON.stringify(secret)).not.toContain(':pw@');
    const env = await t.call('environments.save', {
      name: 'e',
      variables: [
        { name: 'BASE_URL', value: target.url },
        { name: 'LOADSMITH_PROMETHEUS_TREND_STATS', value: 'p95x' },
      ],
    });
    expect(
      await t.fail('runs.start', {
        planId,
        environmentId: env.id,
        outputs: [{ kind: 'prometheus-rw', url: receiver.url }],
      }),
    ).toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/^LOADSMITH_PROMETHEUS_TREND_STATS: 'p95x' is not a trend statistic/),
    });
    expect(await t.call('runs.list', {})).toEqual([]);
  });

  it('notes in the summary what a dead endpoint lost; the run itself passes', async () => {
    const env = await t.call('environments.save', {
      name: 'local',
      variables: [{ name: 'BASE_URL', value: target.url }],
    });
    const run = await t.call('runs.start', {
      planId: await plan(),
      environmentId: env.id,
      outputs: [{ kind: 'prometheus-rw', url: `http://127.0.0.1:${await unusedPort()}/api/v1/write` }],
    });
    await done(run.id);
    const detail = await t.call('runs.get', { id: run.id });
    expect(detail.status).toBe('passed');
    expect(detail.summary?.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^prometheus-rw: \d+ of \d+ batch(es)? \(seconds of metrics\) dropped: the endpoint refused the connection/,
        ),
      ]),
    );
  });
});
