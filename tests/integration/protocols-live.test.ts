/**
 * gRPC and WebSocket numbers per second, through the real CLI: a plan of gRPC calls against the demo's lookup
 * (grpc-js) and WebSocket sessions against an echo server, both on 127.0.0.1, for 11 s (a piped progress line is
 * written every 10 s). The summary's timeline must add up to what the servers counted, the progress line must show
 * both protocols, and the HTML report must chart them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import type { Summary } from '../../engine/metrics/summary.ts';
import { lookupProtoDir } from '../../engine/runtime/grpc/testing.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { loadsmith, type CliResult } from '../fixtures/cli.ts';

const plan = (grpcPort: number, wsUrl: string): string => `version: 1
name: protocols live
scenarios:
  lookups:
    executor: constant-vus
    vus: 2
    duration: 11s
    steps:
      - grpc:
          name: get
          target: 127.0.0.1:${grpcPort}
          plaintext: true
          method: lookup.Lookup/Get
          protos: [protos/lookup.proto]
          importPaths: [shared]
          message: { phone: "0754952799" }
      - think: 50ms
  chat:
    executor: constant-vus
    vus: 2
    duration: 11s
    steps:
      - websocket:
          name: echo
          url: ${wsUrl}/echo
          actions:
            - send: { text: "hi \${vu}" }
            - receive: { timeout: 5s }
            - close: { code: 1000 }
      - think: 100ms
`;

let grpc: GrpcLookup;
let echo: EchoServer;
let summary: Summary;
let html: string;
let cli: CliResult;

beforeAll(async () => {
  [grpc, echo] = await Promise.all([startGrpcLookup(), startEchoServer()]);
  const dir = lookupProtoDir();
  await writeFile(join(dir, 'plan.yaml'), plan(grpc.port, echo.url));
  cli = await loadsmith(['run', 'plan.yaml', '--summary-json', 'summary.json', '--html', 'report.html'], {
    cwd: dir,
    timeoutMs: 120_000,
  });
  if (cli.code !== 0) throw new Error(`loadsmith exited ${cli.code}:\n${cli.stderr}\n${cli.stdout}`);
  summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as Summary;
  html = await readFile(join(dir, 'report.html'), 'utf8');
}, 180_000);
afterAll(async () => {
  await Promise.all([grpc?.close(), echo?.close()]);
});

const total = (f: (p: Summary['timeline'][number]) => number | undefined): number =>
  summary.timeline.reduce((n, p) => n + (f(p) ?? 0), 0);

describe('gRPC and WebSocket per second, through the CLI', () => {
  it("the timeline's gRPC calls add up to the calls the server answered, with a p95 every second that had calls", () => {
    expect(grpc.counts.Get).toBeGreaterThan(20);
    expect(total((p) => p.grpc?.calls)).toBe(grpc.counts.Get);
    expect(summary.metrics.grpc_req_duration).toMatchObject({ count: grpc.counts.Get });
    expect(total((p) => p.grpc?.failed)).toBe(0);
    for (const p of summary.timeline.filter((x) => (x.grpc?.calls ?? 0) > 0)) {
      expect(p.grpc?.latency?.p95).toBeGreaterThan(0);
      expect(p.grpc!.latency!.p95).toBeLessThanOrEqual(p.grpc!.latency!.max);
    }
  });

  it("the timeline's WebSocket sessions and messages add up to what the echo server saw", () => {
    expect(echo.handshakes.length).toBeGreaterThan(10);
    expect(total((p) => p.ws?.sessions)).toBe(echo.handshakes.length);
    expect(total((p) => p.ws?.msgsSent)).toBe(echo.received.length);
    expect(total((p) => p.ws?.msgsReceived)).toBe(echo.received.length);
    expect(total((p) => p.ws?.errors)).toBe(0);
    expect(summary.timeline.some((p) => p.ws?.connecting !== null && p.ws?.connecting !== undefined)).toBe(true);
  });

  it('the progress line shows gRPC calls/s with p95 and WebSocket sessions and msgs per second', () => {
    expect(cli.stderr).toMatch(/, gRPC [\d.,]+\/s p\(95\)=[\d.]+(µs|ms|s), WS [\d.,]+\/s sessions [\d.,]+\/s msgs/);
  });

  it('the HTML report charts both protocols and shows their key numbers', () => {
    for (const id of ['grpc', 'grpc-latency', 'ws']) expect(html).toContain(`data-chart="${id}"`);
    expect(html).toContain(`data-key="metrics.ws_sessions.count" data-value="${echo.handshakes.length}"`);
    expect(html).toContain(`data-key="metrics.grpc_req_duration.count" data-value="${grpc.counts.Get}"`);
    expect(html).toContain('data-derived="grpc.failed" data-value="0"');
  });
});
