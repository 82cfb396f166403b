/**
 * A unary call as the channel-level call makes it (unary.ts): what grpc-js's Client layers did is still done: a
 * response that does not decode, and a hard stop in the middle of a call.
 */
import { Server, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Step } from '../../plan/schema/index.ts';
import { countOf, lookupProtoDir, runGrpcSteps } from './testing.ts';

let lookup: GrpcLookup;
let garbled: { server: Server; port: number };
let dir: string;

/** lookup.Lookup/Get answering bytes that are not a Record: field 1 says 255 bytes follow, none do. */
async function garbledLookup(): Promise<{ server: Server; port: number }> {
  const server = new Server();
  const bytes = (b: Buffer): Buffer => b;
  server.addService(
    {
      Get: {
        path: '/lookup.Lookup/Get',
        requestStream: false,
        responseStream: false,
        requestSerialize: bytes,
        requestDeserialize: bytes,
        responseSerialize: bytes,
        responseDeserialize: bytes,
      },
    },
    { Get: (_call: ServerUnaryCall<Buffer, Buffer>, cb: sendUnaryData<Buffer>) => cb(null, Buffer.from([0x0a, 0xff])) },
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { server, port };
}

beforeAll(async () => {
  lookup = await startGrpcLookup();
  garbled = await garbledLookup();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await lookup.close();
  garbled.server.forceShutdown();
});

const get = (port: number, more: Record<string, unknown> = {}): Step =>
  ({
    grpc: {
      name: 'get',
      target: `127.0.0.1:${port}`,
      plaintext: true,
      protos: ['protos/lookup.proto'],
      importPaths: ['shared'],
      method: 'lookup.Lookup/Get',
      message: { phone: '0754952794' },
      ...more,
    },
  }) as Step;

describe('gRPC unary calls', () => {
  it('a response that does not decode ends the call INTERNAL, counted with the parser’s reason; the run goes on', async () => {
    const { sample, outcome } = await runGrpcSteps(
      [get(garbled.port, { checks: [{ code: 'OK' }, { jsonPath: '$.phone', exists: true }] })],
      dir,
      { iterations: 2 },
    );
    expect(outcome).toEqual(['completed', 'completed']);
    expect(countOf(sample, 'grpc_req_duration', { status: '13' })).toBe(2);
    const errors = sample.errors.filter((e) => e.kind === 'grpc-internal');
    expect(errors.reduce((n, e) => n + e.count, 0)).toBe(2);
    expect(errors[0]!.message).toMatch(/^Response message parsing error: /);
    expect(sample.checks.map((c) => [c.key.check, c.pass, c.fail])).toEqual([
      ['code is OK', 0, 2],
      ['$.phone exists', 0, 2],
    ]);
  });

  it('a hard stop cancels a call in flight at once: the iteration is interrupted and no call is recorded', async () => {
    const t0 = performance.now();
    const { sample, outcome } = await runGrpcSteps([get(lookup.port, { metadata: { 'x-delay-ms': '10000' } })], dir, {
      started: (vus) => setTimeout(() => vus[0]!.interrupt(), 300),
    });
    expect(outcome).toEqual(['interrupted']);
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(countOf(sample, 'grpc_req_duration')).toBe(0);
  });
});
