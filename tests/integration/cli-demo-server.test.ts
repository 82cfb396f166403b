/**
 * `loadsmith demo-server` prints a command to try against it; typed as printed, in a shell, it must run (it was
 * `BASE_URL=... loadsmith run plans/demo.yaml`: command not found, loadsmith being no command on PATH). From the
 * repository it is `npx loadsmith ...`; from elsewhere npx would fetch a registry package, so it names the bin.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadsmith, runCommand } from '../fixtures/cli.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** The `try:` line of a demo-server started in `cwd`, and the run of that line (plus a small load) in `sh`. */
async function tryLine(
  cwd: string,
): Promise<{ line: string; url: string; run: Awaited<ReturnType<typeof runCommand>> }> {
  let printed: Promise<{ line: string; url: string; run: Awaited<ReturnType<typeof runCommand>> }> | undefined;
  const server = await loadsmith(['demo-server', '--port', '0'], {
    cwd,
    timeoutMs: 120_000,
    onStdout: (stdout, child) => {
      const m = /on (http:\/\/127\.0\.0\.1:\d+)\n[\s\S]*\n {2}try: (.+)\n/.exec(stdout);
      if (!m || printed) return;
      const [, url, line] = m as unknown as [string, string, string];
      // As typed; the options after it only keep the run short (one VU, three iterations).
      printed = runCommand('sh', ['-c', `${line} -q --vus 1 --iterations 3`], { cwd, timeoutMs: 90_000 })
        .then((run) => ({ line, url, run }))
        .finally(() => child.kill('SIGINT'));
    },
  });
  // What the server said, so that a run that never got this far can be told apart (it failed once in CI, not since).
  if (!printed)
    throw new Error(
      `demo-server printed no try: line (exit ${server.code}, signal ${server.signal ?? 'none'}); stdout: ${server.stdout.slice(-800)}; stderr: ${server.stderr.slice(-800)}`,
    );
  return printed;
}

/** It ran the demo plan: 0, or 99 when the flaky endpoint failed more than its threshold allows in so few requests. */
function ranTheDemo(run: Awaited<ReturnType<typeof runCommand>>): void {
  expect([0, 99], run.stderr).toContain(run.code);
  expect(run.stdout).toMatch(/http_req_failed\{request:Flaky endpoint\}/); // the demo plan's threshold
  expect(run.stdout).toMatch(/http_reqs\.+: [1-9]/);
}

describe('demo-server: the command it suggests runs as printed', () => {
  it('in the repository: npx loadsmith run plans/demo.yaml --env BASE_URL=...', async () => {
    const { line, url, run } = await tryLine(REPO);
    expect(line).toBe(`npx loadsmith run plans/demo.yaml --env BASE_URL=${url}`);
    ranTheDemo(run);
  }, 180_000);

  it('elsewhere: the bin and the plan by their paths', async () => {
    const { line, url, run } = await tryLine(await mkdtemp(`${tmpdir()}/loadsmith-elsewhere-`));
    expect(line).toBe(`node ${REPO}bin/loadsmith.js run ${REPO}plans/demo.yaml --env BASE_URL=${url}`);
    ranTheDemo(run);
  }, 180_000);
});

describe('demo-server: the lookup on every protocol', () => {
  it('prints the HTTP/2 over TLS port with how to trust its certificate', async () => {
    let printed = '';
    await loadsmith(['demo-server', '--port', '0'], {
      cwd: REPO,
      timeoutMs: 60_000,
      onStdout: (stdout, child) => {
        if (printed || !/Ctrl-C to stop/.test(stdout)) return;
        printed = stdout;
        child.kill('SIGINT');
      },
    });
    expect(printed).toMatch(/HTTP\/2 \(h2c\) http:\/\/127\.0\.0\.1:\d+\/lookup\/phone\//);
    expect(printed).toMatch(
      /HTTP\/2 over TLS https:\/\/127\.0\.0\.1:\d+\/lookup\/phone\/\d+ \(a certificate made now: trust it with insecureTls: true\)/,
    );
  }, 90_000);
});
