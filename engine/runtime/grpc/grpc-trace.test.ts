/** Validate (the designer's trace of one iteration) shows each gRPC call: request, status, message, trailers, checks. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { traceIteration } from '../trace/trace-iteration.ts';
import { traceRequest } from '../trace/trace-request.ts';
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

describe('gRPC in Try it', () => {
  const planOf = (steps: unknown[]): Plan =>
    ({
      version: 1,
      name: 't',
      variables: { phone: '0000000000' },
      scenarios: { s: { executor: 'per-vu-iterations', steps } },
    }) as unknown as Plan;

  it('makes the call of one gRPC step (protos) with the variables given, and returns what it extracted', async () => {
    const plan = planOf([
      { think: '1s' },
      call({
        message: { phone: '${phone}' },
        checks: [{ code: 'OK' }, { trailer: 'x-records', equals: '1' }],
        extract: { city: { jsonPath: '$.city' } },
      }),
    ]);
    const r = await traceRequest(plan, ['scenarios', 's', 'steps', 1], {
      baseDir: dir,
      variables: { phone: '0754952794' },
    });
    expect(r.entry.path).toEqual(['scenarios', 's', 'steps', 1]);
    expect(r.entry.name).toBe('lookup.Lookup/Get');
    expect(r.entry.request.body).toBe('{"phone":"0754952794"}');
    expect(r.entry.grpc).toMatchObject({ code: 0, status: 'OK', trailers: [['x-records', '1']] });
    expect(JSON.parse(r.entry.response?.body ?? '')).toMatchObject({ phone: '0754952794', name: 'Niran' });
    expect(r.entry.checks.map((c) => c.ok)).toEqual([true, true]);
    expect(r.variables).toEqual({ phone: '0754952794', city: expect.any(String) });
  });

  it('asks the server by reflection when the step has no protos, and reads ${env.X} in its target', async () => {
    const plan = planOf([
      {
        grpc: {
          target: '127.0.0.1:${env.PORT}',
          plaintext: true,
          method: 'lookup.Lookup/Watch',
          message: { phone: '0754952794', count: 2 },
        },
      },
    ]);
    const r = await traceRequest(plan, ['scenarios', 's', 'steps', 0, 'grpc'], {
      baseDir: dir,
      env: { PORT: String(server.port) },
    });
    expect(r.entry.error).toBeNull();
    expect(r.entry.grpc?.status).toBe('OK');
    expect((JSON.parse(r.entry.response?.body ?? '') as unknown[]).length).toBe(2);
  });
});
