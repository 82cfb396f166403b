/**
 * One VU runs a gRPC call and a WebSocket session in the same iteration, against real servers on 127.0.0.1: both
 * steps record into the one tagged-metrics layer, and thresholds and the summary read each by k6's names and tags.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS } from '../base/metric-registry.ts';
import { startGrpcLookup, type GrpcLookup } from '../demo/lookup/grpc-server.ts';
import { RunAggregate } from '../metrics/aggregate.ts';
import { readMetric } from '../metrics/query.ts';
import { buildSummary } from '../metrics/summary.ts';
import type { Step } from '../plan/schema/index.ts';
import { countOf, lookupProtoDir, runGrpcSteps } from './grpc/testing.ts';
import { startEchoServer, type EchoServer } from './ws/testing.ts';

let grpc: GrpcLookup;
let ws: EchoServer;
beforeAll(async () => {
  grpc = await startGrpcLookup();
  ws = await startEchoServer();
});
afterAll(async () => {
  await grpc.close();
  await ws.close();
});

describe('gRPC and WebSocket steps in one iteration', () => {
  it('record k6 metrics side by side, each readable by its step name', async () => {
    const steps = [
      {
        grpc: {
          name: 'lookup',
          target: `127.0.0.1:${grpc.port}`,
          plaintext: true,
          protos: ['protos/lookup.proto'],
          importPaths: ['shared'],
          method: 'lookup.Lookup/Get',
          message: { phone: '0754952794' },
        },
      },
      { websocket: { name: 'echo', url: ws.url, actions: [{ send: 'hi' }, { receive: { timeout: '5s' } }] } },
    ] as Step[];
    const { sample, outcome } = await runGrpcSteps(steps, lookupProtoDir(), { iterations: 2 });
    expect(outcome).toEqual(['completed', 'completed']);
    expect(countOf(sample, 'grpc_req_duration', { request: 'lookup', status: '0' })).toBe(2);
    expect(countOf(sample, 'ws_sessions', { request: 'echo', status: '101' })).toBe(2);
    expect(ws.received).toEqual(['hi', 'hi']);

    const agg = new RunAggregate();
    agg.add(sample);
    const clock = { elapsedS: 1, vus: 1, vusMax: 1 };
    const read = (metric: string, tags: Record<string, string> = {}) => readMetric(agg, METRICS[metric]!, tags, clock);
    expect(read('ws_sessions', { name: 'echo' }).count).toBe(2);
    expect(read('ws_sessions', { name: 'lookup' }).count).toBe(0);
    expect(read('grpc_req_duration', { name: 'lookup' }).histogram?.count).toBe(2);
    expect(read('ws_connecting', { name: 'echo', status: '101' }).histogram?.count).toBe(2);
    // The sessions' handshakes and frames are data; the gRPC call's bytes are not counted (as in k6).
    expect(read('data_sent', { name: 'echo' }).count).toBeGreaterThan(0);
    expect(read('data_sent').count).toBe(read('data_sent', { name: 'echo' }).count);

    const summary = buildSummary({
      agg,
      thresholds: [],
      timeline: [],
      scenarios: [],
      plan: { name: 't' },
      startedAt: new Date(0),
      durationMs: 1000,
      stoppedBy: 'completed',
      vusMax: 1,
      workers: 1,
      cpus: 1,
      version: 'test',
      notes: [],
    });
    expect(summary.metrics.grpc_req_duration).toMatchObject({ type: 'trend', count: 2 });
    expect(summary.metrics.ws_sessions).toMatchObject({ type: 'counter', count: 2 });
    expect(summary.metrics.ws_msgs_received).toMatchObject({ count: 2 });
    expect(summary.metrics.data_sent).toMatchObject({ count: read('data_sent').count });
  });
});
