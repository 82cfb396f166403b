import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlanFile } from './file.ts';
import { PlanError } from './index.ts';
import { MAX_PLAN_BYTES } from './limits.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-plan-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function refusal(file: string): Promise<PlanError> {
  const err = await loadPlanFile(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlanError);
  return err as PlanError;
}

describe('loadPlanFile', () => {
  it('refuses a file over the size limit from its size, before reading it', async () => {
    const file = join(dir, 'huge.yaml');
    await writeFile(file, 'version: 1\n');
    await truncate(file, MAX_PLAN_BYTES + 1); // sparse: nothing is written
    const started = performance.now();
    const err = await refusal(file);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(err.message).toBe(
      `${file}: the plan file is 10.0 MB, more than 10 MB, the limit for plans: ` +
        'split it into several plans, or move large bodies into files (request.file) and rows into data files (data:)',
    );
  });

  it('reads a plan, and says when there is none or it is a directory', async () => {
    const file = join(dir, 'ok.yaml');
    await writeFile(
      file,
      'version: 1\nname: ok\nscenarios:\n  a:\n    executor: shared-iterations\n    steps: [{ request: { url: "http://h/" } }]\n',
    );
    expect((await loadPlanFile(file)).plan.name).toBe('ok');
    expect((await refusal(join(dir, 'missing.yaml'))).message).toMatch(/cannot read the plan file: no such file$/);
    expect((await refusal(dir)).message).toMatch(/cannot read the plan file: it is a directory$/);
  });
});
