/** gRPC steps when things go wrong, and reflection: unknown methods, deadlines, every error status, bad messages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import { GRPC_CODES } from '../../plan/schema/index.ts';
import { localPlanFiles } from '../files/plan-files.ts';
import { loadGrpcFiles } from './plan-files.ts';
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

const target = (): string => `127.0.0.1:${server.port}`;
const withProtos = { protos: ['protos/lookup.proto'], importPaths: ['shared'] };
const grpc = (call: Record<string, unknown>): Step =>
  ({ grpc: { target: target(), plaintext: true, ...call } }) as Step;
const planOf = (steps: Step[]): Plan =>
  ({ version: 1, name: 't', scenarios: { s: { executor: 'per-vu-iterations', steps } } }) as unknown as Plan;

describe('gRPC descriptors', () => {
  it('reflection finds the method without protos, for each call kind', async () => {
    const { sample } = await runGrpcSteps(
      [
        grpc({
          name: 'get',
          method: 'lookup.Lookup/Get',
          message: { phone: '0754952794' },
          checks: [{ jsonPath: '$.name', equals: 'Niran' }],
        }),
        grpc({
          name: 'watch',
          method: 'lookup.Lookup/Watch',
          message: { phone: '0754952794', count: 2 },
          checks: [{ jsonPath: '$', length: 2 }],
        }),
      ],
      dir,
      { vus: 2 },
    );
    expect(sample.checks.map((c) => [c.pass, c.fail])).toEqual([
      [2, 0],
      [2, 0],
    ]);
    expect(countOf(sample, 'grpc_req_duration', { status: '0' })).toBe(2);
    expect(countOf(sample, 'grpc_streams', { status: '0' })).toBe(2);
  });

  it('an unknown method in protos is a plan error at its path, naming the methods there are', async () => {
    const { issues } = await loadGrpcFiles(
      planOf([grpc({ method: 'lookup.Lookup/Find', ...withProtos })]),
      localPlanFiles(dir),
    );
    expect(issues).toEqual([
      {
        path: ['scenarios', 's', 'steps', 0, 'grpc', 'method'],
        message: 'service lookup.Lookup has no method Find; its methods are Get, Watch, Collect, Chat',
      },
    ]);
    const other = await loadGrpcFiles(
      planOf([grpc({ method: 'lookup.Finder/Get', ...withProtos })]),
      localPlanFiles(dir),
    );
    expect(other.issues[0]?.message).toBe('service lookup.Finder is not in protos/lookup.proto; it has lookup.Lookup');
  });

  it('an import in none of the import paths, or a missing proto, is a plan error that says where it looked', async () => {
    const { issues } = await loadGrpcFiles(
      planOf([grpc({ method: 'lookup.Lookup/Get', protos: ['protos/lookup.proto'] })]),
      localPlanFiles(dir),
    );
    expect(issues[0]?.path).toEqual(['scenarios', 's', 'steps', 0, 'grpc', 'protos']);
    expect(issues[0]?.message).toMatch(
      /^protos\/lookup\.proto imports messages\.proto, found in none of the import paths \(protos\/messages\.proto: cannot read .* no such file.*\); set importPaths$/,
    );
    const missing = await loadGrpcFiles(
      planOf([grpc({ method: 'lookup.Lookup/Get', protos: ['nope.proto'] })]),
      localPlanFiles(dir),
    );
    expect(missing.issues[0]?.message).toMatch(/^cannot read proto file .*nope\.proto: no such file/);
  });

  it('through reflection an unknown method or service is a counted error naming what exists, and the iteration ends', async () => {
    const { sample, outcome } = await runGrpcSteps(
      [
        grpc({ name: 'find', method: 'lookup.Lookup/Find', message: {} }),
        grpc({ name: 'never', method: 'lookup.Lookup/Get', message: { phone: '0754952794' } }),
      ],
      dir,
    );
    expect(outcome).toEqual(['completed']);
    expect(sample.errors).toEqual([
      {
        kind: 'grpc-unknown-method',
        scenario: 's',
        request: 'find',
        count: 1,
        message: 'service lookup.Lookup has no method Find; its methods are Get, Watch, Collect, Chat',
      },
    ]);
    expect(countOf(sample, 'grpc_req_duration')).toBe(0);
    const svc = await runGrpcSteps([grpc({ name: 'svc', method: 'shop.Cart/Add', message: {} })], dir);
    expect(svc.sample.errors[0]?.message).toMatch(
      /^service shop\.Cart is not offered by the server \(reflection says: .*\); it has lookup\.Lookup$/,
    );
  });

  it('a message field the type does not have is a counted error naming its fields', async () => {
    const { sample } = await runGrpcSteps(
      [
        grpc({
          name: 'bad',
          method: 'lookup.Lookup/Get',
          ...withProtos,
          message: { phone: '0754952794', colour: 'red' },
        }),
      ],
      dir,
    );
    expect(sample.errors).toEqual([
      expect.objectContaining({
        kind: 'grpc-message',
        message: 'lookup.LookupRequest has no field colour; its fields are phone, count',
      }),
    ]);
  });
});

describe('gRPC statuses', () => {
  it('a call past its deadline ends DEADLINE_EXCEEDED: counted by kind, tagged status 4, the run goes on', async () => {
    const { sample, outcome } = await runGrpcSteps(
      [
        grpc({
          name: 'slow',
          method: 'lookup.Lookup/Get',
          ...withProtos,
          message: { phone: '0754952794' },
          metadata: { 'x-delay-ms': '2000' },
          timeout: '100ms',
          checks: [{ code: 'OK' }],
        }),
        grpc({ name: 'after', method: 'lookup.Lookup/Get', ...withProtos, message: { phone: '0754952794' } }),
      ],
      dir,
    );
    expect(outcome).toEqual(['completed']);
    expect(countOf(sample, 'grpc_req_duration', { request: 'slow', status: '4' })).toBe(1);
    expect(countOf(sample, 'grpc_req_duration', { request: 'after', status: '0' })).toBe(1);
    expect(sample.errors.map((e) => [e.kind, e.request, e.count])).toEqual([['grpc-deadline-exceeded', 'slow', 1]]);
    expect(sample.checks[0]).toMatchObject({
      pass: 0,
      fail: 1,
      failure: expect.stringMatching(/^got DEADLINE_EXCEEDED/),
    });
  });

  it('every error status a server returns is tagged with its code and counted under its name', async () => {
    const codes = GRPC_CODES.map((_, c) => c).filter((c) => c > 0);
    const { sample } = await runGrpcSteps(
      codes.map((c) =>
        grpc({
          name: `fail ${c}`,
          method: 'lookup.Lookup/Get',
          ...withProtos,
          message: { phone: '0754952794' },
          metadata: { 'x-fail-code': String(c) },
          checks: [{ code: c }],
        }),
      ),
      dir,
    );
    for (const c of codes)
      expect(countOf(sample, 'grpc_req_duration', { request: `fail ${c}`, status: String(c) }), GRPC_CODES[c]).toBe(1);
    const kinds = sample.errors.map((e) => e.kind).sort();
    expect(kinds).toEqual(codes.map((c) => `grpc-${GRPC_CODES[c]!.toLowerCase().replaceAll('_', '-')}`).sort());
    expect(sample.checks.every((c) => c.pass === 1 && c.fail === 0)).toBe(true);
  });

  it('a server that cannot be reached is UNAVAILABLE at once (not at the deadline), counted, and the run goes on', async () => {
    const t0 = Date.now();
    const { sample, outcome } = await runGrpcSteps(
      [
        grpc({
          name: 'down',
          target: '127.0.0.1:1',
          method: 'lookup.Lookup/Get',
          ...withProtos,
          message: { phone: '0754952794' },
          timeout: '60s',
        }),
      ],
      dir,
      { iterations: 2 },
    );
    expect(Date.now() - t0).toBeLessThan(30_000);
    expect(outcome).toEqual(['completed', 'completed']);
    expect(countOf(sample, 'grpc_req_duration', { status: '14' })).toBe(2);
    expect(sample.errors[0]?.kind).toBe('grpc-unavailable');
  });
});
