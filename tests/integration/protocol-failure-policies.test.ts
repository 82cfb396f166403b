/**
 * onFailure on gRPC calls and WebSocket sessions, as on HTTP requests: worker threads run plans against a gRPC
 * server that fails calls on request and a WebSocket echo server; the servers' counts say which steps ran after a
 * failure (none of the iteration's with endIteration, none of the VU's with stopVU, all with continue).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { lookupProtoDir } from '../../engine/runtime/grpc/testing.ts';
import { startEchoServer, type EchoServer } from '../../engine/runtime/ws/testing.ts';
import { runYaml } from './run-helper.ts';

let grpc: GrpcLookup;
let echo: EchoServer;
let dir: string;
beforeAll(async () => {
  grpc = await startGrpcLookup();
  echo = await startEchoServer();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await grpc.close();
  await echo.close();
});

const errorsOf = (s: { errors: { kind: string; scenario?: string; count: number }[] }, kind: string, sc: string) =>
  s.errors.filter((e) => e.kind === kind && e.scenario === sc).reduce((n, e) => n + e.count, 0);
const iterationsOf = (s: { scenarios: { name: string; iterations: number }[] }, name: string) =>
  s.scenarios.find((x) => x.name === name)?.iterations;

describe('onFailure on gRPC calls', () => {
  it('a status other than OK ends the iteration, a failed check stops the VU, continue goes on', async () => {
    const before = { ...grpc.counts };
    const call = (name: string, method: string, more: string): string =>
      `- grpc: { name: ${name}, target: "127.0.0.1:${grpc.port}", plaintext: true, method: lookup.Lookup/${method}, protos: [protos/lookup.proto], importPaths: [shared], message: { phone: "0754952794" }${more} }`;
    const { summary } = await runYaml(
      `
version: 1
name: grpc failures
scenarios:
  ending:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
      ${call('fails', 'Get', ', metadata: { x-fail-code: "5" }, onFailure: endIteration')}
      ${call('never', 'Watch', '')}
  stopping:
    executor: per-vu-iterations
    vus: 2
    iterations: 3
    steps:
      ${call('checked', 'Chat', ', messages: [{ phone: "0754952794" }], checks: [{ jsonPath: "$[0].name", equals: Nobody }], onFailure: stopVU')}
      ${call('after', 'Collect', '')}
  going:
    executor: per-vu-iterations
    vus: 1
    iterations: 2
    steps:
      ${call('fails anyway', 'Watch', ', metadata: { x-fail-code: "14" }')}
      ${call('reached', 'Collect', '')}
`,
      { workers: 2, baseDir: dir },
    );
    const ran = (m: string): number => grpc.counts[m]! - before[m]!;
    // ending: each of the 6 iterations ends at the failed Get; stopping: each VU's first Chat stops it.
    expect(ran('Get')).toBe(6);
    expect(ran('Chat')).toBe(2);
    // going: a failure without a policy is counted and the iteration goes on (2 Collects), as for HTTP.
    expect(ran('Watch')).toBe(2);
    expect(ran('Collect')).toBe(2);
    expect(errorsOf(summary, 'iteration-ended', 'ending')).toBe(6);
    expect(errorsOf(summary, 'grpc-not-found', 'ending')).toBe(6);
    expect(errorsOf(summary, 'vu-stopped', 'stopping')).toBe(2);
    expect(errorsOf(summary, 'grpc-unavailable', 'going')).toBe(2);
    expect(errorsOf(summary, 'iteration-ended', 'going')).toBe(0);
    expect(iterationsOf(summary, 'ending')).toBe(6);
    expect(iterationsOf(summary, 'stopping')).toBe(2);
    expect(summary.errors.find((e) => e.kind === 'vu-stopped')?.message).toMatch(
      /onFailure: stopVU after check '\$\[0\]\.name == "Nobody"' failed/,
    );
  }, 120_000);

  it('defaults.onFailure applies to gRPC calls without their own', async () => {
    const before = { ...grpc.counts };
    const { summary } = await runYaml(
      `
version: 1
name: grpc default policy
defaults: { onFailure: endIteration }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 1
    iterations: 3
    steps:
      - grpc: { target: "127.0.0.1:${grpc.port}", plaintext: true, method: lookup.Lookup/Get, message: { phone: "12" } }
      - grpc: { target: "127.0.0.1:${grpc.port}", plaintext: true, method: lookup.Lookup/Watch, message: { phone: "0754952794" } }
`,
      { workers: 1 },
    );
    expect(grpc.counts.Get! - before.Get!).toBe(3);
    expect(grpc.counts.Watch! - before.Watch!).toBe(0);
    expect(errorsOf(summary, 'iteration-ended', 's')).toBe(3);
  }, 120_000);
});

describe('onFailure on WebSocket sessions', () => {
  it('a receive that times out ends the session and the iteration; a failed handshake check stops the VU', async () => {
    const sent = echo.received.length;
    const handshakes = echo.handshakes.length;
    const { summary } = await runYaml(
      `
version: 1
name: ws failures
scenarios:
  ending:
    executor: per-vu-iterations
    vus: 2
    iterations: 2
    steps:
      - websocket:
          name: waits
          url: ${echo.url}
          onFailure: endIteration
          actions:
            - send: first
            - receive: { match: { body: { contains: never } }, timeout: 200ms }
            - send: not after a failure
      - websocket: { name: next, url: ${echo.url}, actions: [{ send: next step }] }
  stopping:
    executor: per-vu-iterations
    vus: 1
    iterations: 3
    steps:
      - websocket:
          name: checked
          url: ${echo.url}
          checks: [{ status: 200 }]
          onFailure: stopVU
          actions: [{ send: checked }]
      - websocket: { name: later, url: ${echo.url}, actions: [{ send: later }] }
`,
      { workers: 1 },
    );
    const got = echo.received.slice(sent);
    expect(got.filter((m) => m === 'first')).toHaveLength(4);
    expect(got).not.toContain('not after a failure');
    expect(got).not.toContain('next step');
    // A failed handshake check ends the session before its actions, and the VU stops.
    expect(got).not.toContain('checked');
    expect(got).not.toContain('later');
    expect(echo.handshakes.length - handshakes).toBe(5);
    expect(errorsOf(summary, 'ws-timeout', 'ending')).toBe(4);
    expect(errorsOf(summary, 'iteration-ended', 'ending')).toBe(4);
    expect(errorsOf(summary, 'vu-stopped', 'stopping')).toBe(1);
    expect(iterationsOf(summary, 'stopping')).toBe(1);
    expect(summary.metrics.ws_sessions).toMatchObject({ count: 5 });
  }, 120_000);
});
