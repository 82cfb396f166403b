/**
 * Hostile plans through the real CLI: refused with exit code 1 and a located message, never a stack trace.
 * No load is sent: every plan here is refused before a run starts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith } from '../fixtures/cli.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-plan-limits-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SCENARIOS =
  'scenarios:\n  a:\n    executor: shared-iterations\n    steps: [{ request: { url: "http://127.0.0.1:9/" } }]\n';

describe('hostile plans through the CLI', () => {
  it('a block mapping 2,000 levels deep: validate and run exit 1 at the line:column past the limit (was a RangeError trace)', async () => {
    let nesting = 'variables:\n';
    for (let i = 0; i < 2000; i++) nesting += `${'  '.repeat(i + 1)}a:\n`;
    const file = join(dir, 'deep.yaml');
    await writeFile(file, `version: 1\nname: deep\n${nesting}${SCENARIOS}`);
    for (const command of ['validate', 'run']) {
      const r = await loadsmith([command, file], { timeoutMs: 20_000 });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(
        `${file}:131:257: mappings and lists are nested more than 128 levels deep here, the limit for plans`,
      );
      expect(r.stderr).not.toMatch(/RangeError|\n\s+at /);
    }
  });

  it('a billion-laughs plan and an empty plan are refused with a place', async () => {
    const laughs = [
      'version: 1',
      'name: lol',
      'variables:',
      '  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]',
    ];
    for (let i = 1; i <= 9; i++)
      laughs.push(`  l${i}: &l${i} [${Array.from({ length: 10 }, () => `*l${i - 1}`).join(', ')}]`);
    const bomb = join(dir, 'lol.yaml');
    const empty = join(dir, 'empty.yaml');
    await writeFile(bomb, `${laughs.join('\n')}\n${SCENARIOS}`);
    await writeFile(empty, '# nothing yet\n');
    const r = await loadsmith(['validate', bomb, empty], { timeoutMs: 20_000 });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `${bomb.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:8:\\d+: variables\\.l4\\[7\\]: aliases repeat more than 100,000 values`,
      ),
    );
    expect(r.stderr).toContain(`${empty}:1:1: the plan is empty`);
  });
});
