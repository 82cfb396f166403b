/** gRPC steps against the demo's lookup served by grpc-js on 127.0.0.1: each call kind, checks, extraction, metrics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Step } from '../../plan/schema/index.ts';
import { countOf, lookupProtoDir, runGrpcSteps } from './testing.ts';

let server: GrpcLookup;
let dir: string;
beforeAll(async () => {
  server = await startGrpcLookup();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await server.close();
});

const grpc = (call: Record<string, unknown>): Step =>
  ({
    grpc: {
      target: `127.0.0.1:${server.port}`,
      plaintext: true,
      protos: ['protos/lookup.proto'],
      importPaths: ['shared'],
      ...call,
    },
  }) as Step;

describe('gRPC calls', () => {
  it('a unary call: checks on code, message, metadata and trailers; extraction; one grpc_req_duration value', async () => {
    const before = server.counts.Get!;
    const { sample, vus, outcome } = await runGrpcSteps(
      [
        grpc({
          name: 'lookup',
          method: 'lookup.Lookup/Get',
          message: { phone: '0754952794' },
          checks: [
            { code: 'OK' },
            { jsonPath: '$.name', equals: 'Niran' },
            { metadata: 'x-server', equals: 'loadsmith-demo' },
            { trailer: 'x-records', equals: '1' },
            { jsonPath: '$.city', equals: 'Nowhere' },
          ],
          extract: { id: { jsonPath: '$.id' }, server: { metadata: 'x-server' }, records: { trailer: 'x-records' } },
        }),
        grpc({
          method: 'lookup.Lookup/Get',
          message: { phone: '${id}0' },
          checks: [{ jsonPath: '$.phone', equals: '7549527940' }],
        }),
      ],
      dir,
    );
    expect(outcome).toEqual(['completed']);
    expect(server.counts.Get! - before).toBe(2);
    expect(vus[0]!.ctx.vars.get('id')).toBe('754952794');
    expect(vus[0]!.ctx.vars.get('server')).toBe('loadsmith-demo');
    expect(vus[0]!.ctx.vars.get('records')).toBe('1');
    const checks = Object.fromEntries(sample.checks.map((c) => [c.key.check, [c.pass, c.fail]]));
    expect(checks).toEqual({
      'code is OK': [1, 0],
      '$.name == "Niran"': [1, 0],
      'metadata x-server == "loadsmith-demo"': [1, 0],
      'trailer x-records == "1"': [1, 0],
      '$.city == "Nowhere"': [0, 1],
      '$.phone == "7549527940"': [1, 0],
    });
    expect(countOf(sample, 'grpc_req_duration', { request: 'lookup', status: '0', method: '/lookup.Lookup/Get' })).toBe(
      1,
    );
    expect(countOf(sample, 'grpc_req_duration')).toBe(2);
    expect(countOf(sample, 'grpc_streams')).toBe(0);
  });

  it('a server stream collects every message until the server ends it, or stops at maxMessages', async () => {
    const { sample } = await runGrpcSteps(
      [
        grpc({
          name: 'watch',
          method: 'lookup.Lookup/Watch',
          message: { phone: '0754952794', count: 5 },
          checks: [
            { jsonPath: '$', length: 5 },
            { jsonPath: '$[4].phone', equals: '0754952798' },
          ],
        }),
        grpc({
          name: 'watch 2',
          method: 'lookup.Lookup/Watch',
          message: { phone: '0754952794', count: 50 },
          maxMessages: 2,
          checks: [{ code: 0 }, { jsonPath: '$', length: 2 }],
        }),
      ],
      dir,
    );
    expect(sample.checks.every((c) => c.fail === 0)).toBe(true);
    expect(sample.checks.reduce((n, c) => n + c.pass, 0)).toBe(4);
    expect(countOf(sample, 'grpc_streams', { request: 'watch', status: '0' })).toBe(1);
    expect(countOf(sample, 'grpc_streams_msgs_received', { request: 'watch' })).toBe(5);
    expect(countOf(sample, 'grpc_streams_msgs_received', { request: 'watch 2' })).toBe(2);
    expect(countOf(sample, 'grpc_streams_msgs_sent')).toBe(2);
    expect(countOf(sample, 'grpc_req_duration')).toBe(0);
  });

  it('a client stream sends every message, then checks the one response', async () => {
    const before = server.counts.streamed!;
    const { sample } = await runGrpcSteps(
      [
        grpc({
          name: 'collect',
          method: 'lookup.Lookup/Collect',
          messages: [{ phone: '0754952794' }, { phone: '${vu}00000000' }, { phone: '0800000000' }],
          checks: [
            { jsonPath: '$.count', equals: 3 },
            { jsonPath: '$.records[1].phone', equals: '100000000' },
          ],
        }),
      ],
      dir,
    );
    expect(server.counts.streamed! - before).toBe(3);
    expect(sample.checks.map((c) => [c.pass, c.fail])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(countOf(sample, 'grpc_streams_msgs_sent', { request: 'collect' })).toBe(3);
    expect(countOf(sample, 'grpc_streams_msgs_received', { request: 'collect' })).toBe(1);
  });

  it('a bidirectional stream sends its messages and collects the answers until the server ends', async () => {
    const { sample } = await runGrpcSteps(
      [
        grpc({
          name: 'chat',
          method: 'lookup.Lookup/Chat',
          messages: [{ phone: '0754952794' }, { phone: '0754952795' }],
          checks: [
            { jsonPath: '$', length: 2 },
            { jsonPath: '$[1].phone', equals: '0754952795' },
          ],
        }),
      ],
      dir,
    );
    expect(sample.checks.map((c) => [c.pass, c.fail])).toEqual([
      [1, 0],
      [1, 0],
    ]);
    expect(countOf(sample, 'grpc_streams', { request: 'chat', status: '0' })).toBe(1);
    expect(countOf(sample, 'grpc_streams_msgs_received', { request: 'chat' })).toBe(2);
  });

  it('works inside loops and conditions, and each VU keeps one connection for all its calls', async () => {
    const peers = server.peers.size;
    const before = server.counts.Get!;
    const { outcome } = await runGrpcSteps(
      [
        {
          repeat: { times: 3, steps: [grpc({ method: 'lookup.Lookup/Get', message: { phone: '0754952794' } })] },
        } as Step,
        {
          if: {
            condition: 'vu == 1',
            then: [grpc({ method: 'lookup.Lookup/Watch', message: { phone: '0754952794' } })],
          },
        } as Step,
      ],
      dir,
      { vus: 2, iterations: 2 },
    );
    expect(outcome).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(server.counts.Get! - before).toBe(12);
    expect(server.peers.size - peers).toBe(2);
  });
});
