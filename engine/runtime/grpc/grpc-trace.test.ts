/** Validate (the designer's trace of one iteration) shows each gRPC call: request, status, message, trailers, checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { traceIteration } from '../trace/trace-iteration.ts';
import { lookupProtoDir } from './testing.ts';

let server: GrpcLookup;
let dir: string;
beforeAll(async () => {
  server = await startGrpcLookup();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await server.close();
});

const call = (more: Record<string, unknown>) => ({
  grpc: {
    target: `127.0.0.1:${server.port}`,
    plaintext: true,
    method: 'lookup.Lookup/Get',
    protos: ['protos/lookup.proto'],
    importPaths: ['shared'],
    ...more,
  },
});

describe('gRPC in Validate', () => {
  it('each call is an entry in order, inside a group, with its status, message, metadata, trailers, checks and extractions', async () => {
    const plan = {
      version: 1,
      name: 't',
      scenarios: {
        s: {
          executor: 'per-vu-iterations',
          steps: [
            call({
              name: 'get',
              message: { phone: '0754952794' },
              metadata: { 'x-delay-ms': '1' },
              checks: [{ code: 'OK' }],
              extract: { id: { jsonPath: '$.id' } },
            }),
            {
              group: {
                name: 'g',
                steps: [
                  call({
                    name: 'missing',
                    message: { phone: '${id}' },
                    metadata: { 'x-fail-code': '5' },
                    checks: [{ code: 'OK' }],
                  }),
                ],
              },
            },
          ],
        },
      },
    } as unknown as Plan;
    const r = await traceIteration(plan, { baseDir: dir });
    expect(r.errors).toEqual([]);
    expect(r.entries.map((e) => [e.name, e.group, e.path.join('.')])).toEqual([
      ['get', '', 'scenarios.s.steps.0'],
      ['missing', '::g', 'scenarios.s.steps.1.group.steps.0'],
    ]);
    const [get, missing] = r.entries;
    expect(get?.request).toMatchObject({
      method: 'GRPC',
      url: `grpc://127.0.0.1:${server.port}/lookup.Lookup/Get`,
      headers: [['x-delay-ms', '1']],
      body: '{"phone":"0754952794"}',
    });
    expect(get?.response).toMatchObject({
      status: 0,
      headers: expect.arrayContaining([['x-server', 'loadsmith-demo']]),
    });
    expect(JSON.parse(get?.response?.body ?? '')).toMatchObject({ name: 'Niran', id: '754952794' });
    expect(get?.grpc).toEqual({ code: 0, status: 'OK', details: 'OK', trailers: [['x-records', '1']] });
    expect(get?.checks).toEqual([{ name: 'code is OK', ok: true, reason: null }]);
    expect(get?.extracted).toEqual([{ variable: 'id', ok: true, value: '754952794', reason: null }]);
    expect(missing?.request.body).toBe('{"phone":"754952794"}');
    expect(missing?.grpc).toMatchObject({ code: 5, status: 'NOT_FOUND' });
    expect(missing?.error).toEqual({ kind: 'grpc-not-found', message: 'failed as asked (x-fail-code: 5)' });
    expect(missing?.checks[0]).toMatchObject({ ok: false, reason: expect.stringMatching(/^got NOT_FOUND/) });
  });
});
