/**
 * No Grafana here: every query of the shipped dashboards (deploy/grafana) runs against the real Prometheus and
 * InfluxDB after a run streamed into both, with Grafana's variables and macros filled in as Grafana would, and
 * must return data. A panel whose query returns nothing would show an empty chart to the user.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';
import { startInfluxDb, type InfluxDb } from '../fixtures/metric-stores/influxdb.ts';
import { startPrometheus, type Prometheus } from '../fixtures/metric-stores/prometheus.ts';
import { streamedRun, type StreamedRun } from '../fixtures/metric-stores/run.ts';

interface Target {
  refId: string;
  expr?: string;
  query?: string;
}
interface Dashboard {
  panels: { title: string; targets: Target[]; datasource: { type: string } }[];
  templating: { list: { name: string; type: string; query: unknown }[] };
}

const load = async (name: string): Promise<Dashboard> =>
  JSON.parse(await readFile(new URL(`../../deploy/grafana/${name}`, import.meta.url), 'utf8')) as Dashboard;

let server: TargetServer;
let prom: Prometheus;
let influx: InfluxDb;
let run: StreamedRun;
let startS: number;
let endS: number;

beforeAll(async () => {
  server = await startTargetServer();
  [prom, influx] = await Promise.all([startPrometheus(), startInfluxDb()]);
  startS = Math.floor(Date.now() / 1000) - 1;
  run = await streamedRun(server.url, [`prometheus-rw=${prom.url}/api/v1/write`, `influxdb=${influx.url}/loadsmith`], {
    seconds: 4,
    dropping: true,
  });
  endS = Math.ceil(Date.now() / 1000) + 1;
}, 240_000);
afterAll(async () => {
  await prom?.stop();
  await influx?.stop();
  await server?.close();
});

describe('the shipped Grafana dashboards', () => {
  it('the run had what every panel shows: failures, checks, thresholds, dropped iterations', () => {
    expect(run.summary.metrics.dropped_iterations).toBeDefined();
    expect((run.summary.metrics.http_req_failed as { passes: number }).passes).toBeGreaterThan(0);
    expect(run.summary.thresholds.length).toBeGreaterThan(0);
  });

  it('Prometheus: every panel query returns data for the run', async () => {
    const d = await load('loadsmith-prometheus.json');
    const testid = d.templating.list.find((v) => v.name === 'testid')!;
    expect((testid.query as { query: string }).query).toBe('label_values(k6_http_reqs_total, testid)');
    const values = (await fetch(
      `${prom.url}/api/v1/label/testid/values?${new URLSearchParams({ 'match[]': 'k6_http_reqs_total' })}`,
    ).then((r) => r.json())) as { data: string[] };
    expect(values.data).toContain(run.testid);
    const targets = d.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, expr: t.expr! })));
    expect(targets.length).toBeGreaterThanOrEqual(20);
    for (const { panel, expr } of targets) {
      const q = expr.replaceAll('$testid', run.testid).replaceAll('$__rate_interval', '5s');
      const result = await prom.queryRange(q, startS, endS, 1);
      const points = result.flatMap((s) => s.values.filter(([, v]) => Number.isFinite(v)));
      expect(points.length, `${panel}: ${q}`).toBeGreaterThan(0);
      if (panel === 'Requests') expect(points.at(-1)![1]).toBe(run.summary._total);
    }
  });

  it('InfluxDB: every panel query returns data for the run', async () => {
    const d = await load('loadsmith-influxdb.json');
    const testid = d.templating.list.find((v) => v.name === 'testid')!;
    const tagValues = await influx.query('loadsmith', testid.query as string);
    expect(tagValues.flatMap((s) => s.values.map((v) => v[1]))).toContain(run.testid);
    const targets = d.panels.flatMap((p) => p.targets.map((t) => ({ panel: p.title, query: t.query! })));
    expect(targets.length).toBeGreaterThanOrEqual(20);
    for (const { panel, query } of targets) {
      const q = query
        .replaceAll('$timeFilter', `time >= ${startS * 1000}ms AND time <= ${endS * 1000}ms`)
        .replaceAll('$__interval_ms', '1000')
        .replaceAll('$__interval', '1s')
        .replaceAll('$testid', run.testid);
      const series = await influx.query('loadsmith', q);
      const values = series
        .flatMap((s) => s.values.flatMap((row) => row.slice(1)))
        .filter((v) => typeof v === 'number' && Number.isFinite(v));
      expect(values.length, `${panel}: ${q}`).toBeGreaterThan(0);
      if (panel === 'Requests') expect(values).toEqual([run.summary._total]);
      if (panel === 'Thresholds failing') expect(values).toEqual([0]);
    }
  });
});
