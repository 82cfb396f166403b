/**
 * Workers run with a bounded young generation: V8 would otherwise size a busy worker's from the machine's heap limit
 * (up to 134 MB each). A stand-in worker reports the limits it was given as its failure message.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePlan } from '../../engine/plan/parse.ts';
import { runPlan } from '../../engine/run/run-plan.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

describe('worker threads', () => {
  it('get a young generation of 24 MB', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loadsmith-limits-'));
    dirs.push(dir);
    const file = join(dir, 'report-limits.mjs');
    await writeFile(
      file,
      `import { parentPort, resourceLimits } from 'node:worker_threads';
parentPort.postMessage({ cmd: 'fatal', message: 'limits ' + JSON.stringify(resourceLimits) });\n`,
    );
    const { plan } = parsePlan(
      'version: 1\nname: limits\nscenarios:\n  s:\n    executor: per-vu-iterations\n    vus: 1\n    iterations: 1\n    steps:\n      - think: 1ms\n',
    );
    const summary = await runPlan(plan, { workers: 1, workerUrl: pathToFileURL(file) }).done;
    const note = summary.notes.find((n) => n.startsWith('worker 0 failed: limits '));
    expect(note).toBeDefined();
    expect(JSON.parse(note?.slice('worker 0 failed: limits '.length) ?? '{}')).toMatchObject({
      maxYoungGenerationSizeMb: 24,
    });
  });
});
