/**
 * Signals through the invocations users have: `node bin/loadsmith.js`, the bin link `npm install` makes
 * (node_modules/.bin/loadsmith) and `npx loadsmith` (the README's way), alone and as a terminal's process group.
 * At a target server that counts requests, each test asserts that the load STOPS after the signal (the count stays
 * still), that the summary is printed, and the exit code. Under npx the exit code is npm's where /bin/sh is dash
 * (docs/reliability.md); Loadsmith itself still stops, prints and writes its reports.
 * Linux: the tests read /proc (signal masks, orphans to clean up after a failure).
 */
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOADSMITH_BIN, startCommand, type CliResult, type StartedCommand } from '../fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** npm and the bin's `#!/usr/bin/env node` must find this Node (>= 22.19), not an older system one. */
const ENV = {
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
  npm_config_update_notifier: 'false',
  npm_config_yes: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
};
const SLOW = 90_000;

let server: TargetServer;
let dir: string;
let plan: string;
let binLink: string;

beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-signals-'));
  plan = join(dir, 'soak.yaml');
  // Long enough that a run nobody stops is still sending when the test looks (20 s), short enough to end anyway.
  await writeFile(
    plan,
    `version: 1
name: signals
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: constant-vus
    vus: 2
    duration: 20s
    gracefulStop: 2s
    steps: [{ request: { url: /json } }, { think: 50ms }]
`,
  );
  // What `npm install loadsmith` makes: the package in node_modules and a bin link to its bin/loadsmith.js.
  await mkdir(join(dir, 'project', 'node_modules', '.bin'), { recursive: true });
  await symlink(REPO, join(dir, 'project', 'node_modules', 'loadsmith'));
  binLink = join(dir, 'project', 'node_modules', '.bin', 'loadsmith');
  await symlink('../loadsmith/bin/loadsmith.js', binLink);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());
// A test that failed may leave exactly the bug it looks for: a Loadsmith still loading the target. End it.
afterEach(() => killRunsOf(plan));

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const runArgs = (): string[] => ['run', plan, '-e', `BASE=${server.url}`];

/** Waits until the target receives load (at most 30 s: npx alone takes seconds on a loaded machine). */
async function loadFlowing(run: StartedCommand): Promise<void> {
  let ended = false;
  void run.result.then(
    () => {
      ended = true;
    },
    () => {
      ended = true;
    },
  );
  for (let i = 0; i < 600 && server.hits() === 0 && !ended; i++) await sleep(50);
  expect(server.hits(), 'the run never sent a request').toBeGreaterThan(0);
}

/** The target stops receiving requests: its count stays still for 1.5 s, within `withinMs` of the signal. */
async function loadStops(withinMs = 12_000): Promise<void> {
  const start = Date.now();
  let last = server.hits();
  let stillSince = Date.now();
  while (Date.now() - stillSince < 1500) {
    expect(Date.now() - start, `the target was still receiving requests ${withinMs} ms after the signal`).toBeLessThan(
      withinMs,
    );
    await sleep(100);
    const now = server.hits();
    if (now !== last) {
      last = now;
      stillSince = Date.now();
    }
  }
}

function expectSummary(r: CliResult): void {
  expect(r.stdout).toMatch(/TOTAL RESULTS/);
  expect(r.stdout).toMatch(/stopped early by the user/);
  expect(r.stdout).toMatch(/http_reqs\.+: [1-9]/);
}

/** Signals a started command: `group` as a terminal does (every process of the group), else the process alone. */
function signal(run: StartedCommand, name: NodeJS.Signals, group = false): void {
  const pid = run.child.pid as number;
  process.kill(group ? -pid : pid, name);
}

describe('node bin/loadsmith.js', () => {
  it(
    'SIGTERM stops gracefully: the load stops, the summary is printed, exit 105',
    async () => {
      const run = startCommand(process.execPath, [LOADSMITH_BIN, ...runArgs()], { env: ENV });
      await loadFlowing(run);
      signal(run, 'SIGTERM');
      await loadStops();
      const r = await run.result;
      expect(r.stderr).toMatch(/SIGTERM: stopping gracefully/);
      expectSummary(r);
      expect(r.code).toBe(105);
    },
    SLOW,
  );

  it(
    'SIGHUP (a closed terminal, an ssh drop) is handled like Ctrl-C: summary, exit 105',
    async () => {
      const run = startCommand(process.execPath, [LOADSMITH_BIN, ...runArgs()], { env: ENV });
      await loadFlowing(run);
      signal(run, 'SIGHUP');
      await loadStops();
      const r = await run.result;
      expect(r.stderr).toMatch(/the terminal closed \(SIGHUP\): stopping gracefully/);
      expectSummary(r);
      expect(r.code).toBe(105);
    },
    SLOW,
  );

  it(
    'Ctrl-C while Loadsmith is still loading a large plan exits 105 saying nothing was sent (not a silent 130)',
    async () => {
      const big = join(dir, 'big.yaml');
      const steps = Array.from(
        { length: 5000 },
        (_, i) => `      - request: { name: r${i}, url: /json, headers: { X-N: "${i}" } }`,
      );
      await writeFile(
        big,
        `version: 1\nname: big\ndefaults: { baseUrl: "\${env.BASE}" }\nscenarios:\n  s:\n    executor: per-vu-iterations\n    steps:\n${steps.join('\n')}\n`,
      );
      const run = startCommand(process.execPath, [LOADSMITH_BIN, 'run', big, '-e', `BASE=${server.url}`], { env: ENV });
      // The bin handles SIGHUP from its first line (Node alone does not): once the mask shows it, Ctrl-C is ours too.
      await catching(run.child.pid as number, 'SIGHUP');
      signal(run, 'SIGINT');
      const r = await run.result;
      expect(r.stderr).toMatch(/Ctrl-C \(SIGINT\)/);
      expect(r.stderr).toMatch(/nothing was sent/);
      expect(r.code).toBe(105);
      expect(server.hits()).toBe(0);
    },
    SLOW,
  );

  it(
    'a process stopped for 2 s (as a blocked event loop) prints no TimeoutNegativeWarning',
    async () => {
      const run = startCommand(process.execPath, [LOADSMITH_BIN, ...runArgs()], { env: ENV });
      await loadFlowing(run);
      await sleep(1200);
      signal(run, 'SIGSTOP');
      await sleep(2000);
      signal(run, 'SIGCONT');
      await sleep(1500);
      signal(run, 'SIGINT');
      const r = await run.result;
      expect(r.code).toBe(105);
      expect(r.stderr).not.toMatch(/TimeoutNegativeWarning|negative number/);
    },
    SLOW,
  );

  it(
    'stops when its parent process is killed, leaving no orphan loading the target',
    async () => {
      // `sh -c '...; true'` keeps the shell as the parent (it cannot run the bin in its own place); SIGKILL to the
      // shell alone is what a CI runner that kills only its direct child does.
      const command = `'${process.execPath}' '${LOADSMITH_BIN}' ${runArgs()
        .map((a) => `'${a}'`)
        .join(' ')}; true`;
      const run = startCommand('/bin/sh', ['-c', command], { env: ENV });
      await loadFlowing(run);
      signal(run, 'SIGKILL');
      await loadStops();
      const r = await run.result;
      expect(r.stderr).toMatch(/the process that started loadsmith went away: stopping gracefully/);
      expectSummary(r);
    },
    SLOW,
  );
});

describe('the installed bin (node_modules/.bin/loadsmith)', () => {
  it(
    'SIGTERM: load stops, summary, exit 105',
    async () => {
      const run = startCommand(binLink, runArgs(), { env: ENV, cwd: join(dir, 'project') });
      await loadFlowing(run);
      signal(run, 'SIGTERM');
      await loadStops();
      const r = await run.result;
      expectSummary(r);
      expect(r.code).toBe(105);
    },
    SLOW,
  );

  it(
    'Ctrl-C in a terminal (SIGINT to the process group): a graceful stop, exit 105',
    async () => {
      const run = startCommand(binLink, runArgs(), { env: ENV, cwd: join(dir, 'project'), detached: true });
      await loadFlowing(run);
      signal(run, 'SIGINT', true);
      await loadStops();
      const r = await run.result;
      expect(r.stderr).toMatch(/Ctrl-C \(SIGINT\): stopping gracefully/);
      expectSummary(r);
      expect(r.code).toBe(105);
    },
    SLOW,
  );
});

/**
 * npm 11 runs the bin as `<script-shell> -c 'loadsmith' ARGS` and forwards only SIGINT and SIGTERM, to that shell.
 * dash (Debian's and Ubuntu's /bin/sh) stays in between: it dies of SIGTERM (npm then kills itself with it) and
 * keeps a SIGINT to itself until its command ends. bash (and zsh) run the command in their place.
 */
describe('npx loadsmith, where /bin/sh is dash (Debian, Ubuntu)', () => {
  const npx = (detached = false): StartedCommand =>
    startCommand('npx', ['loadsmith', ...runArgs()], {
      env: { ...ENV, npm_config_script_shell: 'dash' },
      cwd: REPO,
      detached,
    });

  it(
    'SIGTERM to npx alone (a cancelled CI job): the load stops and the summary is printed; npm exits by SIGTERM',
    async () => {
      const run = npx();
      await loadFlowing(run);
      signal(run, 'SIGTERM');
      await loadStops();
      const r = await run.result;
      expect(r.stderr).toMatch(/the process that started loadsmith went away: stopping gracefully/);
      expectSummary(r);
      expect(r.signal).toBe('SIGTERM');
    },
    SLOW,
  );

  it(
    "SIGKILL to npx alone: the load stops (npm's shell outlives npm, so Loadsmith watches npm too)",
    async () => {
      const run = npx();
      await loadFlowing(run);
      signal(run, 'SIGKILL');
      await loadStops();
      expectSummary(await run.result);
    },
    SLOW,
  );

  it(
    'Ctrl-C in a terminal (SIGINT to the process group): one graceful stop, not two; npm exits by SIGINT',
    async () => {
      const run = npx(true);
      await loadFlowing(run);
      signal(run, 'SIGINT', true);
      await loadStops();
      const r = await run.result;
      expectSummary(r);
      expect(r.stderr).toMatch(/Ctrl-C \(SIGINT\): stopping gracefully/);
      expect(r.stderr).not.toMatch(/stopping at once/);
      expect(r.signal).toBe('SIGINT');
    },
    SLOW,
  );
});

describe('npx loadsmith, where the shell runs the bin in its place (bash: Fedora, macOS; npx --script-shell=bash)', () => {
  const npx = (detached = false): StartedCommand =>
    startCommand('npx', ['loadsmith', ...runArgs()], {
      env: { ...ENV, npm_config_script_shell: 'bash' },
      cwd: REPO,
      detached,
    });

  for (const name of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${name} to npx alone: npm forwards it, the load stops, the summary is printed, npx exits 105`,
      async () => {
        const run = npx();
        await loadFlowing(run);
        signal(run, name);
        await loadStops();
        const r = await run.result;
        expectSummary(r);
        expect(r.code).toBe(105);
      },
      SLOW,
    );
  }

  it(
    "Ctrl-C in a terminal: the terminal's SIGINT and npm's forwarded copy count as one (graceful), exit 105",
    async () => {
      const run = npx(true);
      await loadFlowing(run);
      signal(run, 'SIGINT', true);
      await loadStops();
      const r = await run.result;
      expectSummary(r);
      expect(r.stderr).toMatch(/Ctrl-C \(SIGINT\): stopping gracefully/);
      expect(r.stderr).not.toMatch(/stopping at once/);
      expect(r.code).toBe(105);
    },
    SLOW,
  );
});

/** Waits until the process has a handler for `name` (its SigCgt mask in /proc), at most 10 s. */
async function catching(pid: number, name: 'SIGHUP'): Promise<void> {
  const bit = { SIGHUP: 1n }[name];
  for (let i = 0; i < 200; i++) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(status)?.[1];
    if (mask !== undefined && (BigInt(`0x${mask}`) & bit) !== 0n) return;
    await sleep(10);
  }
}

/** SIGKILLs every process whose command line names `file` (a run this file started that outlived its test). */
async function killRunsOf(file: string): Promise<void> {
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(file) && cmdline.includes('loadsmith')) {
      try {
        process.kill(Number(entry), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
}
