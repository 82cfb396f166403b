/**
 * The scripts CI runs: the closing `tests:` line of scripts/test (skipped tests counted, a red runner never summed
 * up as green), and scripts/install-k6.sh refusing a Go that is missing or older than k6 v1.3.0 needs, with what to
 * do. install-k6.sh runs from a copy in a temporary folder (so no k6 is there yet) with a stand-in `go`.
 */
import { chmod, copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../fixtures/cli.ts';

const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url));
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-ci-scripts-'));
});

describe('scripts/test-summary.ts: the closing tests: line', () => {
  const vitest = {
    numTotalTestSuites: 3,
    numPassedTests: 120,
    numFailedTests: 0,
    numPendingTests: 4,
    numTodoTests: 1,
    success: true,
  };
  const e2e = { stats: { expected: 30, unexpected: 0, flaky: 2, skipped: 3, duration: 1000 } };
  const summary = async (
    v: unknown,
    vExit: number,
    e: unknown,
    eExit: number,
    checks = ['5', '0'],
  ): ReturnType<typeof runCommand> => {
    const vFile = join(dir, `v-${Math.random()}.json`);
    const eFile = join(dir, `e-${Math.random()}.json`);
    if (v !== undefined) await writeFile(vFile, JSON.stringify(v));
    if (e !== undefined) await writeFile(eFile, JSON.stringify(e));
    return runCommand(process.execPath, [
      join(SCRIPTS, 'test-summary.ts'),
      vFile,
      String(vExit),
      eFile,
      String(eExit),
      ...checks,
    ]);
  };

  it('sums passed, failed and skipped of Vitest, Playwright and the checks; exit 0 when none failed', async () => {
    const r = await summary(vitest, 0, e2e, 0);
    expect(r.stdout).toBe(
      'vitest: 120 passed, 0 failed, 5 skipped; e2e: 32 passed, 0 failed, 3 skipped; checks: 5 passed, 0 failed\ntests: 157 passed, 0 failed, 8 skipped\n',
    );
    expect(r.code).toBe(0);
  });

  it('counts a failure for a runner that failed without a report, or whose report counts none', async () => {
    const noE2e = await summary(vitest, 0, undefined, 1, ['4', '1']);
    expect(noE2e.stdout).toMatch(/\ntests: 124 passed, 2 failed, 5 skipped\n$/);
    expect(noE2e.code).toBe(1);
    const suiteFailed = await summary({ ...vitest, success: false }, 1, e2e, 0);
    expect(suiteFailed.stdout).toMatch(/^vitest: 120 passed, 1 failed, 5 skipped;/);
    expect(suiteFailed.code).toBe(1);
  });

  it('names each failed test and suite file, with its first error line, above the counts', async () => {
    const v = {
      ...vitest,
      numFailedTests: 1,
      success: false,
      testResults: [
        {
          name: '/check/work/main/tests/integration/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', fullName: 'a passes' },
            {
              status: 'failed',
              fullName: 'a › times out',
              failureMessages: ['\u001b[31mError: Test timed out in 5000ms.\u001b[39m\n    at x'],
            },
          ],
        },
        { name: '/x/engine/b.test.ts', status: 'failed', message: 'Failed to load b.ts', assertionResults: [] },
      ],
    };
    const e = {
      stats: { ...e2e.stats, unexpected: 1 },
      suites: [
        {
          file: 'designer.e2e.ts',
          specs: [],
          suites: [
            {
              specs: [
                { title: 'ok one', ok: true, tests: [] },
                {
                  title: 'clicks a button',
                  file: 'designer.e2e.ts',
                  ok: false,
                  tests: [{ results: [{ error: { message: '\nlocator.click: Timeout 5000ms' } }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const r = await summary(v, 1, e, 1);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      'failed: tests/integration/a.test.ts › a › times out — Error: Test timed out in 5000ms.',
      'failed: engine/b.test.ts — Failed to load b.ts',
      'failed: designer.e2e.ts › clicks a button — locator.click: Timeout 5000ms',
    ]);
    expect(r.stdout).toMatch(/\ntests: 157 passed, 2 failed, 8 skipped\n$/);
    expect(r.code).toBe(1);
  });
});

describe('scripts/install-k6.sh needs Go 1.23 or newer', () => {
  let script: string;
  let bin: string;
  beforeAll(async () => {
    await mkdir(join(dir, 'repo', 'scripts'), { recursive: true });
    script = join(dir, 'repo', 'scripts', 'install-k6.sh');
    await copyFile(join(SCRIPTS, 'install-k6.sh'), script);
    bin = join(dir, 'bin');
    await mkdir(bin);
  });

  /** A stand-in `go` reporting `version`; its `install` writes a k6 that reports v1.3.0, and says its GOTOOLCHAIN. */
  async function fakeGo(version: string): Promise<void> {
    await writeFile(
      join(bin, 'go'),
      `#!/bin/sh
case "$1" in
  version) echo "go version ${version} linux/amd64" ;;
  install) mkdir -p "$GOBIN" && printf '#!/bin/sh\\necho "k6 v1.3.0 (stand-in)"\\n' > "$GOBIN/k6" && chmod +x "$GOBIN/k6" && echo "GOTOOLCHAIN=$GOTOOLCHAIN" ;;
esac
`,
    );
    await chmod(join(bin, 'go'), 0o755);
  }
  const install = (): ReturnType<typeof runCommand> =>
    runCommand('bash', [script], { env: { PATH: `${bin}:/usr/bin:/bin`, LOADSMITH_GO_DIR: join(dir, 'no-go-here') } });

  it('no Go at all: says k6 is built from source and what Go to install', async () => {
    const r = await runCommand('bash', [script], {
      env: { PATH: '/usr/bin:/bin', LOADSMITH_GO_DIR: join(dir, 'no-go-here') },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^install-k6: no Go toolchain \(not on PATH, not in .*no-go-here\): k6 v1\.3\.0 is built from source and needs Go 1\.23 or newer\. Install it from https:\/\/go\.dev\/dl\/ \(Debian's golang package is too old\)/,
    );
  });

  it("Go 1.19 (Debian 12's): refused, naming the version found and the one needed", async () => {
    await fakeGo('go1.19.8');
    const r = await install();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^install-k6: .*\/bin\/go is go1\.19\.8; k6 v1\.3\.0 needs Go 1\.23 or newer\. Install a newer Go/,
    );
  });

  it('Go 1.23 and later: builds with that Go, never downloading another toolchain', async () => {
    for (const version of ['go1.23.0', 'go1.26.8']) {
      await fakeGo(version);
      const r = await install();
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`building k6 v1\\.3\\.0 with ${version.replace(/\./g, '\\.')}`));
      expect(r.stdout).toMatch(/GOTOOLCHAIN=local/);
      await writeFile(join(dir, 'repo', '.tools', 'go', 'bin', 'k6'), ''); // the next version builds again
    }
  });
});
