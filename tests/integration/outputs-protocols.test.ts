/**
 * gRPC and WebSocket metrics through `--out` into a real Prometheus (remote write), a real InfluxDB 1.6 and an OTLP
 * receiver decoding the real protobuf messages: a CLI
 * run of gRPC calls and streams against the demo's lookup (grpc-js) and WebSocket sessions against an echo server,
 * all on 127.0.0.1. What the stores hold must be what the summary and the servers counted, under k6's names and tags.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { lookupProtoDir } from '../../engine/runtime/grpc/testing.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { loadsmith } from '../fixtures/cli.ts';
import { startInfluxDb, type InfluxDb } from '../fixtures/metric-stores/influxdb.ts';
import { attr, startOtlpReceiver, type OtlpReceiver } from '../fixtures/metric-stores/otlp-receiver.ts';
import { startPrometheus, type Prometheus } from '../fixtures/metric-stores/prometheus.ts';

const ITERATIONS = 12;
const VUS = 2;

const plan = (grpcPort: number, wsUrl: string): string => `version: 1
name: protocols streamed
scenarios:
  lookups:
    executor: per-vu-iterations
    vus: ${VUS}
    iterations: ${ITERATIONS}
    steps:
      - grpc:
          name: get
          target: 127.0.0.1:${grpcPort}
          plaintext: true
          method: lookup.Lookup/Get
          protos: [protos/lookup.proto]
          importPaths: [shared]
          message: { phone: "0754952799" }
      - grpc:
          name: watch
          target: 127.0.0.1:${grpcPort}
          plaintext: true
          method: lookup.Lookup/Watch
          protos: [protos/lookup.proto]
          importPaths: [shared]
          message: { phone: "0754952794", count: 3 }
      - think: 150ms
  chat:
    executor: per-vu-iterations
    vus: ${VUS}
    iterations: ${ITERATIONS}
    steps:
      - websocket:
          name: echo
          url: ${wsUrl}/echo
          actions:
            - send: { text: "one \${vu}" }
            - receive: { timeout: 5s }
            - send: { text: "two \${vu}" }
            - receive: { timeout: 5s }
            - close: { code: 1000 }
      - think: 150ms
`;

let grpc: GrpcLookup;
let echo: EchoServer;
let prom: Prometheus;
let influx: InfluxDb;
let otlp: OtlpReceiver;
let summary: Summary;
let testid: string;

beforeAll(async () => {
  [grpc, echo, prom, influx, otlp] = await Promise.all([
    startGrpcLookup(),
    startEchoServer(),
    startPrometheus(),
    startInfluxDb(),
    startOtlpReceiver(),
  ]);
  const dir = lookupProtoDir();
  await writeFile(join(dir, 'plan.yaml'), plan(grpc.port, echo.url));
  testid = `p${Date.now().toString(36)}`;
  const cli = await loadsmith(
    [
      'run',
      'plan.yaml',
      '--summary-json',
      'summary.json',
      '--out',
      `prometheus-rw=${prom.url}/api/v1/write`,
      '--out',
      `influxdb=${influx.url}/loadsmith`,
      '--out',
      `otlp=${otlp.url}`,
    ],
    { cwd: dir, env: { LOADSMITH_TESTID: testid }, timeoutMs: 120_000 },
  );
  if (cli.code !== 0) throw new Error(`loadsmith exited ${cli.code}:\n${cli.stderr}\n${cli.stdout}`);
  summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as Summary;
}, 240_000);
afterAll(async () => {
  await Promise.all([prom?.stop(), influx?.stop(), otlp?.close(), grpc?.close(), echo?.close()]);
});

const calls = VUS * ITERATIONS;
const now = (): number => Date.now() / 1000;

async function promValue(q: string): Promise<number> {
  const r = await prom.query(q, now());
  expect(r, q).toHaveLength(1);
  return r[0]!.value;
}

async function influxSum(measurement: string, field: string, where = ''): Promise<number> {
  const q = `SELECT sum("${field}") FROM "${measurement}" WHERE testid = '${testid}'${where}`;
  const series = await influx.query('loadsmith', q);
  expect(series, q).toHaveLength(1);
  return series[0]!.values[0]![1] as number;
}

/** The last cumulative value (a counter's sum, a trend's histogram count) of each OTLP series, summed over series. */
function otlpTotal(name: string, filter: (a: Parameters<typeof attr>[0]) => boolean = () => true): number {
  const latest = new Map<string, number>();
  for (const r of otlp.requests)
    for (const rm of r.body.resourceMetrics)
      for (const sm of rm.scopeMetrics)
        for (const m of sm.metrics.filter((x) => x.name === name)) {
          for (const p of m.sum?.dataPoints ?? [])
            if (filter(p.attributes)) latest.set(JSON.stringify(p.attributes), p.asDouble ?? p.asInt ?? NaN);
          for (const p of m.exponentialHistogram?.dataPoints ?? [])
            if (filter(p.attributes)) latest.set(JSON.stringify(p.attributes), p.count);
        }
  return [...latest.values()].reduce((a, b) => a + b, 0);
}

describe('gRPC metrics in --out streams', () => {
  it("Prometheus holds k6's grpc_* series, equal to the summary and to the calls the server answered", async () => {
    expect(grpc.counts.Get).toBe(calls);
    expect(summary.metrics.grpc_req_duration).toMatchObject({ count: calls });
    const sel = `testid="${testid}"`;
    expect(await promValue(`sum(k6_grpc_req_duration_count{${sel}})`)).toBe(calls);
    expect(
      await promValue(
        `sum(k6_grpc_req_duration_count{${sel}, name="get", method="/lookup.Lookup/Get", status="0", scenario="lookups"})`,
      ),
    ).toBe(calls);
    expect(await promValue(`sum(k6_grpc_streams_total{${sel}, name="watch", status="0"})`)).toBe(grpc.counts.Watch);
    expect(await promValue(`sum(k6_grpc_streams_msgs_received_total{${sel}})`)).toBe(3 * calls);
    const p95 = await prom.query(`k6_grpc_req_duration_p95{${sel}}`, now());
    expect(p95.length).toBeGreaterThan(0);
  });

  it('InfluxDB holds the same counts per interval, summed', async () => {
    expect(await influxSum('grpc_req_duration', 'count', ` AND "name" = 'get' AND status = '0'`)).toBe(calls);
    expect(await influxSum('grpc_streams', 'value')).toBe(calls);
    expect(await influxSum('grpc_streams_msgs_received', 'value')).toBe(3 * calls);
  });

  it('OTLP carries the same: grpc_req_duration as a histogram, the stream counters as sums', () => {
    expect(otlpTotal('grpc_req_duration', (a) => attr(a, 'name') === 'get' && attr(a, 'status') === '0')).toBe(calls);
    expect(otlpTotal('grpc_streams')).toBe(calls);
    expect(otlpTotal('grpc_streams_msgs_received')).toBe(3 * calls);
  });
});

describe('WebSocket metrics in --out streams', () => {
  it("Prometheus holds k6's ws_* series, equal to the summary and to what the server received", async () => {
    expect(echo.handshakes).toHaveLength(calls);
    expect(echo.received).toHaveLength(2 * calls);
    const sel = `testid="${testid}", name="echo", scenario="chat", status="101"`;
    expect(await promValue(`sum(k6_ws_sessions_total{${sel}})`)).toBe(calls);
    expect(await promValue(`sum(k6_ws_msgs_sent_total{${sel}})`)).toBe(echo.received.length);
    expect(await promValue(`sum(k6_ws_msgs_received_total{${sel}})`)).toBe(2 * calls);
    expect(await promValue(`sum(k6_ws_connecting_count{${sel}})`)).toBe(calls);
    expect(await promValue(`sum(k6_ws_session_duration_count{${sel}})`)).toBe(calls);
    expect(summary.metrics.ws_sessions).toMatchObject({ count: calls });
  });

  it('InfluxDB holds the same counts, and ws_connecting per second', async () => {
    expect(await influxSum('ws_sessions', 'value', ` AND "name" = 'echo'`)).toBe(calls);
    expect(await influxSum('ws_msgs_sent', 'value')).toBe(2 * calls);
    expect(await influxSum('ws_msgs_received', 'value')).toBe(2 * calls);
    expect(await influxSum('ws_connecting', 'count')).toBe(calls);
  });

  it('OTLP carries the same sessions, messages and ws_connecting values', () => {
    expect(otlpTotal('ws_sessions', (a) => attr(a, 'name') === 'echo' && attr(a, 'status') === '101')).toBe(calls);
    expect(otlpTotal('ws_msgs_sent')).toBe(2 * calls);
    expect(otlpTotal('ws_msgs_received')).toBe(2 * calls);
    expect(otlpTotal('ws_connecting')).toBe(calls);
  });
});
