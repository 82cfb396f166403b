/** A gRPC step's messages: encoded once when they have no templates, on every call when they do. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Step } from '../../plan/schema/index.ts';
import { localPlanFiles } from '../files/plan-files.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { CompiledGrpc } from './compile.ts';
import { reflectedMethod } from './method.ts';
import { buildRoot } from './protos.ts';
import { loadGrpcFiles } from './plan-files.ts';
import { lookupProtoDir, runGrpcSteps } from './testing.ts';

let server: GrpcLookup;
let dir: string;
beforeAll(async () => {
  server = await startGrpcLookup();
  dir = lookupProtoDir();
});
afterAll(async () => {
  await server.close();
});

const get = (message: Record<string, unknown>, phone: string): Step =>
  ({
    grpc: {
      target: `127.0.0.1:${server.port}`,
      plaintext: true,
      protos: ['protos/lookup.proto'],
      importPaths: ['shared'],
      method: 'lookup.Lookup/Get',
      message,
      checks: [{ code: 'OK' }, { jsonPath: '$.phone', equals: phone }],
    },
  }) as Step;

/** Counts the encodings of the (only) step's messages. */
function countEncodings(): { count: () => number; hook: (steps: CompiledStep[]) => void } {
  let n = 0;
  return {
    count: () => n,
    hook: (steps) => {
      const step = steps[0] as CompiledGrpc;
      const method = step.resolved!;
      step.resolved = {
        ...method,
        serialize: (m) => {
          n++;
          return method.serialize(m);
        },
      };
    },
  };
}

async function run(step: Step, encodings: ReturnType<typeof countEncodings>): Promise<Record<string, number[]>> {
  const before = server.counts.Get!;
  const { sample, outcome } = await runGrpcSteps([step], dir, { vus: 2, iterations: 3, compiled: encodings.hook });
  expect(outcome).toEqual(Array(6).fill('completed'));
  expect(server.counts.Get! - before).toBe(6);
  return Object.fromEntries(sample.checks.map((c) => [c.key.check, [c.pass, c.fail]]));
}

describe('gRPC messages', () => {
  it('a message without templates is encoded once for all calls of a step', async () => {
    const encodings = countEncodings();
    const checks = await run(get({ phone: '0754952794' }, '0754952794'), encodings);
    expect(checks).toEqual({ 'code is OK': [6, 0], '$.phone == "0754952794"': [6, 0] });
    expect(encodings.count()).toBe(1);
  });

  it('a message with templates is rendered and encoded for each call', async () => {
    const encodings = countEncodings();
    const checks = await run(get({ phone: '07549527${vu}${iter}' }, '07549527${vu}${iter}'), encodings);
    expect(checks).toEqual({ 'code is OK': [6, 0], '$.phone == "07549527${vu}${iter}"': [6, 0] });
    expect(encodings.count()).toBe(6);
  });

  it('a reflected method is found once per descriptors and method, an unknown one is an error each time', async () => {
    const loaded = await loadGrpcFiles(
      {
        version: 1,
        name: 't',
        scenarios: { s: { executor: 'per-vu-iterations', steps: [get({}, '')] } },
      } as never,
      localPlanFiles(dir),
    );
    const root = buildRoot({ protos: ['protos/lookup.proto'], importPaths: ['shared'] }, loaded.files);
    const first = reflectedMethod(root, 'lookup.Lookup/Get', 'here');
    expect(reflectedMethod(root, 'lookup.Lookup/Get', 'here')).toBe(first);
    expect(reflectedMethod(root, 'lookup.Lookup/Watch', 'here')).not.toBe(first);
    expect(reflectedMethod(root, 'lookup.Lookup/Watch', 'here').rpcType).toBe('server-stream');
    expect(() => reflectedMethod(root, 'lookup.Lookup/Nope', 'here')).toThrow(/has no method Nope/);
    expect(() => reflectedMethod(root, 'lookup.Lookup/Nope', 'here')).toThrow(/has no method Nope/);
  });
});
