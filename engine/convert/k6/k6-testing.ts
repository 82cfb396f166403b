/**
 * For tests that run exported scripts in real k6: the binary (`bash scripts/install-k6.sh` puts it in .tools/go/bin;
 * K6_PATH overrides), whether it is there, and a guard: without it the tests are skipped with a message, unless
 * LOADSMITH_REQUIRE_K6=1 (CI), where its absence is a failure.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCommand, type CliResult } from '../../../tests/fixtures/cli.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const K6 = process.env.K6_PATH ?? join(ROOT, '.tools/go/bin/k6');
export const hasK6 = existsSync(K6);

/** Warns when k6 is missing, or registers a failing test when it is required. Call once per test file. */
export function requireK6(what: string): void {
  if (hasK6) return;
  console.warn(`${what} SKIPPED: no k6 binary at ${K6}. Install it with: bash scripts/install-k6.sh (or set K6_PATH).`);
  if (process.env.LOADSMITH_REQUIRE_K6 !== '1') return;
  describe('k6 is required here', () => {
    it('has a k6 binary', () => {
      expect.fail(`no k6 binary at ${K6}: run bash scripts/install-k6.sh (LOADSMITH_REQUIRE_K6=1 makes its absence a failure)`);
    });
  });
}

/** A command without k6's usage report. */
export const run = (cmd: string, args: string[]): Promise<CliResult> => runCommand(cmd, args, { env: { K6_NO_USAGE_REPORT: 'true' } });

export interface K6Point { metric: string; value: number; tags: Record<string, string> }

/** The data points of k6's JSON output (`--out json=FILE`). */
export async function k6Points(file: string): Promise<K6Point[]> {
  const out: K6Point[] = [];
  for (const line of (await readFile(file, 'utf8')).split('\n')) {
    if (!line.startsWith('{"metric"')) continue;
    const p = JSON.parse(line) as { metric: string; type: string; data: { value: number; tags: Record<string, string> | null } };
    if (p.type === 'Point') out.push({ metric: p.metric, value: p.data.value, tags: p.data.tags ?? {} });
  }
  return out;
}
