/**
 * The desktop app runs the engine from an esbuild bundle (no TypeScript sources at run time). Bundle the worker
 * the way scripts/build-electron.ts does and run a plan through it: the bundled path must measure like the source one.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-bundle-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the bundled worker', () => {
  it('runs a plan from an esbuild bundle exactly like from the sources', async () => {
    const outfile = join(dir, 'worker.mjs');
    await build({
      entryPoints: [new URL('../../engine/runtime/worker/main.ts', import.meta.url).pathname],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      logLevel: 'silent',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const { plan } = parsePlan(`version: 1
name: bundled
scenarios:
  s:
    executor: per-vu-iterations
    vus: 2
    iterations: 5
    steps: [{ request: { url: "${server.url}/json", checks: [{ status: 200 }, { jsonPath: $.token, exists: true }] } }]
`);
    const summary = await runPlan(plan, { workers: 2, workerUrl: pathToFileURL(outfile) }).done;
    expect(summary._total).toBe(10);
    expect(summary.metrics.checks).toMatchObject({ passes: 20, fails: 0 });
    expect(summary.stoppedBy).toBe('completed');
  });
});
