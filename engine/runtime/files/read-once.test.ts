import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { validatePlanValue } from '../../plan/parse.ts';
import { checkPlanFiles } from '../prepare.ts';
import { localPlanFiles, type PlanFileSource } from './plan-files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-read-once-'));
  await writeFile(
    join(dir, 'users.csv'),
    `id,name\n${Array.from({ length: 50 }, (_, i) => `${i},user${i}`).join('\n')}\n`,
  );
  for (const f of ['a.bin', 'b.bin', 'c.bin']) await writeFile(join(dir, f), Buffer.alloc(600, 1));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
});

/** The plan's files as the CLI reads them, with the paths each read asked for. */
function counted(): { source: PlanFileSource; reads: string[] } {
  const local = localPlanFiles(dir);
  const reads: string[] = [];
  return {
    reads,
    source: {
      read(path, use) {
        reads.push(path);
        return local.read(path, use);
      },
    },
  };
}

const plan = (data: Record<string, { file: string }>, bodies: string[]) =>
  validatePlanValue({
    version: 1,
    name: 'files',
    ...(Object.keys(data).length > 0 ? { data } : {}),
    scenarios: {
      s: {
        executor: 'per-vu-iterations',
        steps: bodies.map((file, i) => ({ request: { name: `r${i}`, method: 'POST', url: 'http://h/', file } })),
      },
    },
  }).plan;

describe("a plan's files", () => {
  it('are read once each, however many feeders and bodies name them and however they are spelt', async () => {
    const { source, reads } = counted();
    const p = plan({ a: { file: 'users.csv' }, b: { file: './users.csv' }, c: { file: 'x/../users.csv' } }, [
      'users.csv',
      './users.csv',
      'a.bin',
      'a.bin',
    ]);
    const checked = await checkPlanFiles(p, source);
    expect(checked.issues).toEqual([]);
    expect(checked.feeders.map((f) => f.name)).toEqual(['a', 'b', 'c']);
    expect(reads.sort()).toEqual(['a.bin', 'users.csv']);
  });

  it('are refused past the total limit, at the file that crosses it, with what to change', async () => {
    vi.stubEnv('LOADSMITH_MAX_PLAN_FILES_MB', String(1500 / 1024 / 1024)); // two of the 600-byte files fit
    const checked = await checkPlanFiles(plan({}, ['a.bin', 'b.bin', 'c.bin', './a.bin']), counted().source);
    expect(checked.issues).toHaveLength(1);
    const [issue] = checked.issues;
    expect(issue!.path).toEqual(['scenarios', 's', 'steps', 2, 'request', 'file']);
    expect(issue!.message).toContain('c.bin takes the files this plan reads to');
    expect(issue!.message).toContain('LOADSMITH_MAX_PLAN_FILES_MB');
    expect(checked.files.map(([p]) => p)).toEqual(['a.bin', 'b.bin', './a.bin']);
  });
});
