/**
 * The closing lines of scripts/test, from Vitest's and Playwright's JSON reports and the counts of the other
 * checks: `tests: N passed, N failed, N skipped` (CI reads the line's start, `tests: N passed, N failed`).
 *
 *   node scripts/test-summary.ts VITEST_JSON VITEST_EXIT E2E_JSON E2E_EXIT CHECKS_PASSED CHECKS_FAILED
 *
 * A runner that failed without a report, or whose report counts no failure, counts one failure: a red run is never
 * summed up as green. Above the counts, one line per failed test or suite file (`failed: FILE › NAME — first line of
 * the error`), so that a log's tail names what failed. Exit code 0 when nothing failed, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const Failure = z.object({ status: z.string(), fullName: z.string().optional(), title: z.string().optional() });
const Vitest = z.object({
  testResults: z
    .array(
      z.object({
        name: z.string(),
        status: z.string().optional(),
        message: z.string().optional(),
        assertionResults: z
          .array(Failure.extend({ failureMessages: z.array(z.string()).optional() }))
          .optional()
          .default([]),
      }),
    )
    .optional()
    .default([]),
  numPassedTests: z.number(),
  numFailedTests: z.number(),
  numPendingTests: z.number(),
  numTodoTests: z.number().default(0),
  success: z.boolean(),
});
interface PlaywrightSuite {
  file?: string;
  specs?: { title: string; file?: string; ok: boolean; tests?: { results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}
const Suite: z.ZodType<PlaywrightSuite> = z.lazy(() =>
  z.object({
    file: z.string().optional(),
    specs: z
      .array(
        z.object({
          title: z.string(),
          file: z.string().optional(),
          ok: z.boolean(),
          tests: z
            .array(
              z.object({
                results: z
                  .array(z.object({ error: z.object({ message: z.string().optional() }).optional() }))
                  .optional(),
              }),
            )
            .optional(),
        }),
      )
      .optional(),
    suites: z.array(Suite).optional(),
  }),
);
const Playwright = z.object({
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number(), skipped: z.number() }),
  suites: z.array(Suite).optional().default([]),
});

const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first non-empty line of an error, without ANSI colours, at most 200 characters. */
function firstLine(text: string | undefined): string {
  const line =
    (text ?? '')
      .replace(ANSI_COLOUR, '')
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function relativeFile(file: string): string {
  const at = file.search(/(?:^|\/)(?:tests|engine|app|renderer|scripts|bench)\//);
  return at < 0 ? file : file.slice(at).replace(/^\//, '');
}

function vitestFailures(v: z.infer<typeof Vitest>): string[] {
  const lines: string[] = [];
  for (const file of v.testResults) {
    const failed = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failed) {
      lines.push(
        `failed: ${relativeFile(file.name)} › ${a.fullName ?? a.title ?? ''} — ${firstLine(a.failureMessages?.[0])}`,
      );
    }
    if (failed.length === 0 && file.status === 'failed') {
      lines.push(`failed: ${relativeFile(file.name)} — ${firstLine(file.message)}`);
    }
  }
  return lines;
}

function playwrightFailures(suites: readonly PlaywrightSuite[]): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message;
        return `failed: ${relativeFile(spec.file ?? suite.file ?? '')} › ${spec.title} — ${firstLine(error)}`;
      }),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}

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
  const pw = read(e2eFile, Playwright);
  const p = pw?.stats;
  const e2e = runner(p && { passed: p.expected + p.flaky, failed: p.unexpected, skipped: p.skipped }, Number(e2eExit));
  const checks: Counts = { passed: Number(checksPassed), failed: Number(checksFailed), skipped: 0 };
  const sum = (k: keyof Counts): number => vitest[k] + e2e[k] + checks[k];
  const text = (c: Counts): string => `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`;
  return {
    lines: [
      ...(v ? vitestFailures(v) : []),
      ...(pw ? playwrightFailures(pw.suites) : []),
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
