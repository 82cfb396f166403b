/** The ConfigMap of a distributed run carries a gRPC step's protos and what they import, at the paths the run reads. */
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../plan/schema/index.ts';
import { lookupProtoDir } from '../../runtime/grpc/testing.ts';
import { planFiles } from './plan-files.ts';

const plan = (tls: boolean) =>
  ({
    version: 1,
    name: 'p',
    scenarios: {
      s: {
        executor: 'per-vu-iterations',
        steps: [
          {
            grpc: {
              target: '127.0.0.1:9',
              method: 'lookup.Lookup/Get',
              protos: ['protos/lookup.proto'],
              importPaths: ['shared'],
              message: {},
              ...(tls ? { tls: { caFile: 'ca.pem' } } : {}),
            },
          },
        ],
      },
    },
  }) as unknown as Plan;

describe('k8s plan files with gRPC', () => {
  it('ships the protos and their imports; TLS files are left to a Secret, with a warning', async () => {
    const dir = lookupProtoDir();
    const file = join(dir, 'plan.yaml');
    writeFileSync(file, 'version: 1\n');
    const { files, warnings } = await planFiles(file, plan(true), dir);
    expect(files.map((f) => f.path)).toEqual(['plan.yaml', 'protos/lookup.proto', 'shared/messages.proto']);
    expect(files[1]?.text).toContain('service Lookup');
    expect(warnings[0]).toMatch(/TLS files \(ca\.pem\)/);
  });
});
