/**
 * gRPC plans run as users run them: worker threads (in-process runPlan) and the CLI as a child process, against the
 * demo's lookup served by grpc-js on 127.0.0.1. Counts are cross-checked with what the server received.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../engine/demo/lookup/grpc-server.ts';
import { lookupProtoDir } from '../../engine/runtime/grpc/testing.ts';
import { loadsmith } from '../fixtures/cli.ts';
import { runYaml } from './run-helper.ts';

let server: GrpcLookup;
let dir: string;
beforeAll(async () => {
  server = await startGrpcLookup();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await server.close();
});

const plan = (thresholds: string): string => `
version: 1
name: grpc
scenarios:
  lookups:
    executor: per-vu-iterations
    vus: 4
    iterations: 5
    steps:
      - grpc:
          name: get
          target: 127.0.0.1:${server.port}
          plaintext: true
          method: lookup.Lookup/Get
          protos: [protos/lookup.proto]
          importPaths: [shared]
          message: { phone: "07549527\${vu}\${iter}" }
          checks: [{ code: OK }, { jsonPath: $.phone, matches: "^07549527" }]
      - grpc:
          name: watch
          target: 127.0.0.1:${server.port}
          plaintext: true
          method: lookup.Lookup/Watch
          message: { phone: "0754952794", count: 4 }
thresholds:
${thresholds}
`;

describe('gRPC plans', () => {
  it('workers count every call as the server does; thresholds on grpc_req_duration hold or fail by their tags', async () => {
    const get = server.counts.Get!;
    const watch = server.counts.Watch!;
    const { summary } = await runYaml(
      plan(`  grpc_req_duration: ["p(95)<10000"]
  grpc_req_duration{request:get,status:0}: ["max<10000"]
  grpc_req_duration{method:/lookup.Lookup/Get}: ["p(50)<0.001"]
  grpc_streams{status:0}: ["count==20"]
  grpc_streams_msgs_received: ["count==80"]`),
      { workers: 2, baseDir: dir },
    );
    expect(server.counts.Get! - get).toBe(20);
    expect(server.counts.Watch! - watch).toBe(20);
    expect(summary.errors).toEqual([]);
    expect(summary.metrics.grpc_req_duration).toMatchObject({ type: 'trend', count: 20 });
    expect(summary.metrics.grpc_streams).toMatchObject({ type: 'counter', count: 20 });
    expect(summary.metrics.grpc_streams_msgs_received).toMatchObject({ type: 'counter', count: 80 });
    expect(summary.metrics.http_reqs).toMatchObject({ count: 0 });
    expect(summary.checks.map((c) => [c.name, c.passes, c.fails])).toEqual([
      ['code is OK', 20, 0],
      ['$.phone matches /^07549527/', 20, 0],
    ]);
    expect(summary.thresholds.map((t) => [t.metric, t.expression, t.ok])).toEqual([
      ['grpc_req_duration', 'p(95)<10000', true],
      ['grpc_req_duration{request:get,status:0}', 'max<10000', true],
      ['grpc_req_duration{method:/lookup.Lookup/Get}', 'p(50)<0.001', false],
      ['grpc_streams{status:0}', 'count==20', true],
      ['grpc_streams_msgs_received', 'count==80', true],
    ]);
    expect(summary.status).toBe('failed');
  }, 120_000);

  it('what a gRPC call in setup extracts reaches every VU', async () => {
    const get = server.counts.Get!;
    const { summary } = await runYaml(
      `
version: 1
name: setup
setup:
  steps:
    - grpc: { name: first, target: "127.0.0.1:${server.port}", plaintext: true, method: lookup.Lookup/Get, message: { phone: "0754952794" }, extract: { id: { jsonPath: $.id } } }
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    steps:
      - grpc: { name: again, target: "127.0.0.1:${server.port}", plaintext: true, method: lookup.Lookup/Get, message: { phone: "\${id}1" }, checks: [{ jsonPath: $.phone, equals: "7549527941" }] }
`,
      { workers: 1 },
    );
    expect(server.counts.Get! - get).toBe(3);
    expect(summary.checks.map((c) => [c.name, c.passes, c.fails])).toEqual([['$.phone == "7549527941"', 2, 0]]);
  }, 120_000);

  it('the CLI prints the gRPC metrics and exits 99 when a gRPC threshold fails', async () => {
    const file = join(dir, 'grpc.yaml');
    writeFileSync(file, plan('  grpc_req_duration: ["p(95)<0.001"]'));
    const r = await loadsmith(['run', file, '--workers', '1'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(99);
    expect(r.stdout).toMatch(/GRPC\n\s+grpc_req_duration\.+: avg=/);
    expect(r.stdout).toMatch(/grpc_streams\.+: 20 /);
    expect(r.stdout).toMatch(/grpc_streams_msgs_received\.+: 80 /);
    expect(r.stdout).toMatch(/FAILED.* — 0 requests in .*; 20 gRPC calls, p\(50\)=\S+ p\(99\)=\S+, 20 gRPC streams\n/);
  }, 120_000);
});
