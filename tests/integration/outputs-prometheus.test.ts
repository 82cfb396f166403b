/**
 * `--out prometheus-rw=URL` into a real Prometheus (Debian's 2.42, remote-write receiver on, started here on
 * 127.0.0.1 with a temporary storage path): what Prometheus stores, queried through its HTTP API, must be the
 * run's summary: request and check counts, and each second's p95 the summary timeline's p95 of that second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { startPrometheus, type Prometheus } from '../fixtures/metric-stores/prometheus.ts';
import { streamedRun, type StreamedRun } from '../fixtures/metric-stores/run.ts';

let server: TargetServer;
let prom: Prometheus;
let run: StreamedRun;
let native: StreamedRun;

beforeAll(async () => {
  server = await startTargetServer();
  prom = await startPrometheus({ nativeHistograms: true });
  run = await streamedRun(server.url, [`prometheus-rw=${prom.url}/api/v1/write`]);
  native = await streamedRun(server.url, [`prometheus-rw=${prom.url}/api/v1/write`], {
    env: { LOADSMITH_PROMETHEUS_NATIVE_HISTOGRAMS: 'true' },
  });
}, 240_000);
afterAll(async () => {
  await prom?.stop();
  await server?.close();
});

const now = (): number => Date.now() / 1000;

describe('prometheus-rw output into a real Prometheus', () => {
  it('stores request, failure and check counts equal to the summary', async () => {
    const { summary, testid } = run;
    const sel = `testid="${testid}"`;
    const one = async (q: string): Promise<number> => {
      const r = await prom.query(q, now());
      expect(r, q).toHaveLength(1);
      return r[0]!.value;
    };
    expect(summary.metrics.http_reqs).toMatchObject({ type: 'counter' });
    const reqs = summary.metrics.http_reqs as { count: number };
    expect(reqs.count).toBeGreaterThan(10);
    expect(await one(`sum(k6_http_reqs_total{${sel}})`)).toBe(reqs.count);
    const failed = summary.metrics.http_req_failed as { passes: number };
    expect(await one(`sum(k6_http_reqs_total{${sel}, expected_response="false"})`)).toBe(failed.passes);
    expect(
      await one(
        `sum(k6_http_reqs_total{${sel}, name="Broken", status="503", method="GET", scenario="browse", group="::catalog"})`,
      ),
    ).toBe(failed.passes);
    const checks = summary.metrics.checks as { passes: number; fails: number };
    expect(await one(`sum(k6_checks_passes_total{${sel}})`)).toBe(checks.passes);
    expect(await one(`sum(k6_checks_fails_total{${sel}})`)).toBe(checks.fails);
    expect(await one(`k6_checks_rate{${sel}, name="Get JSON"}`)).toBe(1);
    const iterations = summary.metrics.iterations as { count: number };
    expect(await one(`sum(k6_iterations_total{${sel}})`)).toBe(iterations.count);
    expect(await one(`k6_vus_max{${sel}}`)).toBe(2);
  });

  it("stores each second's p95 of all requests exactly as the summary timeline has it", async () => {
    const { summary, testid } = run;
    const series = await prom.samples(`k6_http_req_duration_p95{testid="${testid}", name=""}`, now(), 300);
    expect(series).toHaveLength(1);
    const stored = series[0]!.values.map(([, v]) => v * 1000);
    const timeline = summary.timeline.filter((p) => p.latency !== null).map((p) => p.latency!.p95);
    expect(timeline.length).toBeGreaterThanOrEqual(3);
    expect(stored).toHaveLength(timeline.length);
    stored.forEach((v, i) => expect(v).toBeCloseTo(timeline[i]!, 6));
    // One sample per interval, at the run's start + the interval's end.
    const times = series[0]!.values.map(([t]) => t);
    const start = Date.parse(summary.startedAt) / 1000;
    const ends = summary.timeline.filter((p) => p.latency !== null).map((p) => start + p.t);
    times.forEach((t, i) => expect(Math.abs(t - ends[i]!)).toBeLessThan(0.5));
  });

  it('with LOADSMITH_PROMETHEUS_NATIVE_HISTOGRAMS, stores trends as native histograms that add up to the summary', async () => {
    const { summary, testid } = native;
    const sel = `k6_http_req_duration_seconds{testid="${testid}"}`;
    const count = await prom.query(`histogram_count(sum(${sel}))`, now());
    expect(count.map((s) => s.value)).toEqual([(summary.metrics.http_reqs as { count: number }).count]);
    const d = summary.metrics.http_req_duration as { count: number; avg: number; p95: number };
    const sum = await prom.query(`histogram_sum(sum(${sel}))`, now());
    expect((sum[0]!.value * 1000) / d.count).toBeCloseTo(d.avg, 3);
    // Interpolated within a bucket of 9 %: close to the summary's exact p95.
    const p95 = await prom.query(`histogram_quantile(0.95, sum(${sel}))`, now());
    expect((p95[0]!.value * 1000) / d.p95).toBeGreaterThan(1 / 1.1);
    expect((p95[0]!.value * 1000) / d.p95).toBeLessThan(1.1);
    const perName = await prom.query(`histogram_count(sum by (name) (${sel}))`, now());
    expect(Object.fromEntries(perName.map((s) => [s.metric.name, s.value]))).toEqual(
      Object.fromEntries(summary.requests.map((r) => [r.name, r.count])),
    );
    expect(await prom.query(`k6_http_req_duration_p95{testid="${testid}"}`, now())).toEqual([]);
  });

  it("labels per request carry k6's tags, and the summary notes no dropped batches", async () => {
    const { summary, testid } = run;
    const r = await prom.query(`k6_http_req_duration_p99{testid="${testid}", name="Get JSON"}`, now());
    expect(r.map((s) => s.metric)).toEqual([
      expect.objectContaining({
        scenario: 'browse',
        group: '::catalog',
        method: 'GET',
        status: '200',
        expected_response: 'true',
      }),
    ]);
    expect(summary.notes.join('\n')).not.toMatch(/prometheus-rw/);
    expect(run.cli.stderr).not.toMatch(/warning: prometheus-rw/);
    expect(run.cli.stderr).toContain(`metrics streamed to prometheus-rw with testid=${testid}`);
  });
});
