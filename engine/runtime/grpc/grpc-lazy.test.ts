/**
 * gRPC's packages load only for plans that use them (runtime/protocol-packages.ts): Try it and the designer's "Load"
 * by reflection, started in a thread that has loaded nothing yet, load them themselves instead of failing with
 * "gRPC step code ran before loadGrpcPackages()". Each test imports fresh modules, so nothing is loaded before it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { localPlanFiles } from '../files/plan-files.ts';

let server: GrpcLookup;
beforeAll(async () => {
  server = await startGrpcLookup();
});
afterAll(() => server.close());

const target = (): string => `127.0.0.1:${server.port}`;

describe('gRPC packages, loaded on first use', () => {
  it('Try it on a step that uses reflection', async () => {
    vi.resetModules();
    const { traceRequest } = await import('../trace/trace-request.ts');
    const plan = {
      version: 1,
      name: 'lazy',
      scenarios: {
        s: {
          executor: 'shared-iterations',
          steps: [
            {
              grpc: {
                target: target(),
                plaintext: true,
                method: 'lookup.Lookup/Get',
                message: { phone: '0754952794' },
              },
            },
          ],
        },
      },
    } as unknown as Plan;
    const r = await traceRequest(plan, ['scenarios', 's', 'steps', 0, 'grpc']);
    expect(r.entry.error).toBeNull();
    expect(r.entry.grpc?.status).toBe('OK');
  });

  it('"Load" by reflection', async () => {
    vi.resetModules();
    const { describeGrpc } = await import('./describe.ts');
    const services = await describeGrpc({ target: target(), plaintext: true }, localPlanFiles(process.cwd()));
    expect(services.map((s) => s.name)).toEqual(['lookup.Lookup']);
  });
});
