/**
 * The k6 export of gRPC steps run by real k6 (k6/net/grpc) against the demo's lookup on loopback: protos and
 * reflection, metadata, checks on code, message, metadata and trailers, an extraction used by the next call.
 * Needs the k6 binary as k6-run.test.ts does; skipped (with a message) without it.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../../tests/fixtures/cli.ts';
import { startGrpcLookup, type GrpcLookup } from '../../demo/lookup/grpc-server.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { lookupProtoDir } from '../../runtime/grpc/testing.ts';
import { exportK6 } from './export.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const K6 = process.env.K6_PATH ?? join(ROOT, '.tools/go/bin/k6');
const hasK6 = existsSync(K6);

const plan = (port: number, protos: boolean): Plan =>
  ({
    version: 1,
    name: 'grpc',
    scenarios: {
      lookups: {
        executor: 'per-vu-iterations',
        vus: 1,
        iterations: 3,
        steps: [
          {
            grpc: {
              name: 'get',
              target: `127.0.0.1:${port}`,
              plaintext: true,
              method: 'lookup.Lookup/Get',
              timeout: '5s',
              ...(protos ? { protos: ['protos/lookup.proto'], importPaths: ['shared'] } : {}),
              message: { phone: '0754952794' },
              metadata: { 'x-delay-ms': '1' },
              checks: [
                { code: 'OK' },
                { jsonPath: '$.name', equals: 'Niran' },
                { metadata: 'x-server', equals: 'loadsmith-demo' },
                { trailer: 'x-records', equals: '1' },
                { jsonPath: '$.city', equals: 'Nowhere' },
              ],
              extract: { id: { jsonPath: '$.id' } },
            },
          },
          {
            grpc: {
              name: 'again',
              target: `127.0.0.1:${port}`,
              plaintext: true,
              method: 'lookup.Lookup/Get',
              ...(protos ? { protos: ['protos/lookup.proto'], importPaths: ['shared'] } : {}),
              message: { phone: '${id}0' },
              checks: [{ jsonPath: '$.phone', equals: '7549527940' }],
            },
          },
        ],
      },
    },
  }) as unknown as Plan;

describe.skipIf(!hasK6)('k6 export of gRPC steps, run by k6', () => {
  let server: GrpcLookup;
  let dir: string;
  beforeAll(async () => {
    server = await startGrpcLookup();
    dir = lookupProtoDir();
  });
  afterAll(async () => {
    await server.close();
  });

  for (const protos of [true, false]) {
    it(`${protos ? 'protos' : 'reflection'}: every call made, every check as Loadsmith counts it`, async () => {
      const exported = exportK6(plan(server.port, protos));
      expect(exported.notes).toEqual([]);
      const script = join(dir, `grpc-${protos}.js`);
      await writeFile(script, exported.text);
      const out = join(dir, `k6-${protos}.ndjson`);
      const before = server.counts.Get!;
      const r = await runCommand(K6, ['run', '--quiet', '--no-color', '--out', `json=${out}`, script], {
        cwd: dir,
        env: { K6_NO_USAGE_REPORT: 'true' },
        timeoutMs: 120_000,
      });
      expect(r.code, r.stderr.slice(-3000)).toBe(0);
      expect(server.counts.Get! - before).toBe(6);
      const checks = new Map<string, [number, number]>();
      for (const line of (await readFile(out, 'utf8')).split('\n')) {
        if (!line.startsWith('{"metric":"checks"')) continue;
        const p = JSON.parse(line) as { type: string; data: { value: number; tags: Record<string, string> } };
        if (p.type !== 'Point') continue;
        const c = checks.get(p.data.tags.check ?? '?') ?? [0, 0];
        c[p.data.value === 1 ? 0 : 1]++;
        checks.set(p.data.tags.check ?? '?', c);
      }
      expect(Object.fromEntries(checks)).toEqual({
        'code is OK': [3, 0],
        '$.name == "Niran"': [3, 0],
        'metadata x-server == "loadsmith-demo"': [3, 0],
        'trailer x-records == "1"': [3, 0],
        '$.city == "Nowhere"': [0, 3],
        '$.phone == "7549527940"': [3, 0],
      });
    }, 150_000);
  }
});
