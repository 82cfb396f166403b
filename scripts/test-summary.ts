/**
 * The closing lines of scripts/test, from Vitest's and Playwright's JSON reports and the counts of the other
 * checks: `tests: N passed, N failed, N skipped` (CI reads the line's start, `tests: N passed, N failed`).
 *
 *   node scripts/test-summary.ts VITEST_JSON VITEST_EXIT E2E_JSON E2E_EXIT CHECKS_PASSED CHECKS_FAILED
 *
 * A runner that failed without a report, or whose report counts no failure, counts one failure: a red run is never
 * summed up as green. Exit code 0 when nothing failed, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const Vitest = z.object({
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number().default(0),
  success: z.boolean(),
});
const Playwright = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
});

function read<T>(file: string, schema: z.ZodType<T>): T | undefined {
  try {
    return schema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** A runner's counts; a failing exit code with no failure counted counts one (a crash, a failed suite file). */
function runner(counts: Counts | undefined, exitCode: number): Counts {
  const c = counts ?? { passed: 0, failed: 1, skipped: 0 };
  return exitCode !== 0 && c.failed === 0 ? { ...c, failed: 1 } : c;
}

export function summary(argv: readonly string[]): { lines: string[]; ok: boolean } {
  const [vitestFile = '', vitestExit = '1', e2eFile = '', e2eExit = '1', checksPassed = '0', checksFailed = '0'] = argv;
  const v = read(vitestFile, Vitest);
  const vitest = runner(
    v && {
      passed: v.numPassedTests,
      failed: v.numFailedTests + (!v.success && v.numFailedTests === 0 ? 1 : 0),
      skipped: v.numPendingTests + v.numTodoTests,
    },
    Number(vitestExit),
  );
  const p = read(e2eFile, Playwright)?.stats;
  const e2e = runner(p && { passed: p.expected + p.flaky, failed: p.unexpected, skipped: p.skipped }, Number(e2eExit));
  const checks: Counts = { passed: Number(checksPassed), failed: Number(checksFailed), skipped: 0 };
  const sum = (k: keyof Counts): number => vitest[k] + e2e[k] + checks[k];
  const text = (c: Counts): string => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
  return {
    lines: [
      `vitest: ${text(vitest)}; e2e: ${text(e2e)}; checks: ${checks.passed} passed, ${checks.failed} failed`,
      `tests: ${text({ passed: sum('passed'), failed: sum('failed'), skipped: sum('skipped') })}`,
    ],
    ok: sum('failed') === 0,
  };
}

if (import.meta.main) {
  const { lines, ok } = summary(process.argv.slice(2));
  process.stdout.write(`${lines.join('\n')}\n`);
  process.exitCode = ok ? 0 : 1;
}
