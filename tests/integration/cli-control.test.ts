/**
 * `loadsmith pause|resume|scale|status` against a real `loadsmith run` child process (issue 23): the run listens
 * on loopback behind a token only this user can read, the commands find it, and the change shows where it counts —
 * at a target the test started, counted to the iteration (an open-model schedule is exact) — and in the summary.
 */
import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Summary } from '../../engine/metrics/summary.ts';
import { LOADSMITH_BIN, loadsmith, startCommand, type StartedCommand } from '../fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

let server: TargetServer;
let dir: string;
let controlDir: string;
const SLOW = 90_000;

beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-control-'));
  controlDir = join(dir, 'control');
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.resetStats());

const env = (): Record<string, string> => ({ LOADSMITH_CONTROL_DIR: controlDir });

async function planFile(name: string, scenario: string): Promise<string> {
  const path = join(dir, `${name}.yaml`);
  await writeFile(
    path,
    `version: 1\nname: ${name}\ndefaults: { baseUrl: "\${env.BASE}" }\nscenarios:\n  s:\n${scenario}\n`,
  );
  return path;
}

/**
 * Starts `loadsmith run`; resolves with its stderr once the test runs: its header said mid-run control listens
 * (or, for a run that offers none, the header is out), or the run ended.
 */
function startRun(
  plan: string,
  extra: string[] = [],
  offersControl = true,
): { run: StartedCommand; listening: Promise<string> } {
  let announce!: (text: string) => void;
  const listening = new Promise<string>((r) => {
    announce = r;
  });
  const ready = offersControl ? /mid-run control: .*\n/ : /\n {4}\* s: .*\n/;
  const run = startCommand(
    process.execPath,
    [LOADSMITH_BIN, 'run', plan, '-e', `BASE=${server.url}`, '--workers', '2', ...extra],
    {
      env: env(),
      timeoutMs: SLOW,
      onStderr: (text) => {
        if (ready.test(text)) announce(text);
      },
    },
  );
  void run.result.then((r) => announce(r.stderr));
  return { run, listening };
}

const ctl = (args: string[]) => loadsmith(args, { env: env(), timeoutMs: 30_000 });
const atSeconds = (stdout: string): number => Number(/from (\d+)s \(test time\)/.exec(stdout)?.[1]);

describe('loadsmith scale, pause and resume on a running loadsmith run', () => {
  it(
    'changes the arrival rate and pauses: the target counts exactly what the changes ask',
    async () => {
      // Long enough for five CLI calls on a loaded machine before the end; few enough iterations to count.
      const plan = await planFile(
        'rate',
        '    executor: constant-arrival-rate\n    rate: 10\n    duration: 12s\n    preAllocatedVUs: 5\n    maxVUs: 50\n    steps: [{ request: { url: /json } }]',
      );
      const json = join(dir, 'rate.json');
      const { run, listening } = startRun(plan, ['--summary-json', json]);
      expect(await listening).toMatch(
        /mid-run control: loadsmith pause \| resume \| scale --vus N \| status {2}\(this run: pid \d+, 127\.0\.0\.1:\d+\)/,
      );

      const status = await ctl(['status']);
      expect(status.code).toBe(0);
      expect(status.stdout).toMatch(/^\d+ {2}rate \(.*rate\.yaml\) {2}127\.0\.0\.1:\d+ {2}running/);
      expect(status.stdout).toMatch(/ {2}s {2}constant-arrival-rate {2}as planned {2}\[scale --rate\]/);

      const scaled = await ctl(['scale', '--rate', '40']);
      expect(scaled.stdout).toMatch(
        /^scaled from \d+s \(test time\), to the end of the scenario: s: 40 iterations\/s\n$/,
      );
      const paused = await ctl(['pause']);
      expect(paused.stdout).toMatch(/^paused from \d+s \(test time\): no new iterations start; running ones finish/);
      expect((await ctl(['pause'])).stdout).toMatch(/^already paused: nothing changed/);
      // Changes apply from a whole second of test time: resume in a later second than the pause, or the two coincide.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const resumed = await ctl(['resume']);
      expect(resumed.code).toBe(0);

      const result = await run.result;
      expect(result.code).toBe(0);
      const [s, p, r] = [atSeconds(scaled.stdout), atSeconds(paused.stdout), atSeconds(resumed.stdout)];
      expect(r).toBeGreaterThan(p);
      expect(r).toBeLessThan(12);
      // 10/s until the scale, 40/s until the pause, nothing while paused, 40/s from the resume to the end (12 s).
      const expected = 10 * s + 40 * (p - s) + 40 * (12 - r);
      expect(server.hits('/json')).toBe(expected);
      const summary = JSON.parse(await readFile(json, 'utf8')) as Summary;
      expect(summary.scenarios[0]).toMatchObject({ dropped: 0, arrival: { scheduled: expected, started: expected } });
      expect(summary.control?.events.map((e) => e.kind)).toEqual(['scale', 'pause', 'resume']);
      expect(result.stdout).toContain('█ PHASES');
      expect(result.stderr).toMatch(/at \d+s: s: 40 iterations\/s\n[\s\S]*at \d+s: paused\n[\s\S]*at \d+s: resumed\n/);
      // The run removed its entry when it ended.
      expect(await readdir(controlDir)).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses, with the reason and exit 1: a unit that does not fit, a segment, no run at all',
    async () => {
      const plan = await planFile(
        'closed',
        '    executor: constant-vus\n    vus: 2\n    duration: 4s\n    steps: [{ request: { url: /json } }, { think: 100ms }]',
      );
      const { run, listening } = startRun(plan, ['--segment', '1/2'], false);
      await listening;
      const refused = await ctl(['pause']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /refused: mid-run control is not available for an execution segment \(--segment\)/,
      );
      const status = await ctl(['status']);
      expect(status.stdout).toMatch(/not available for an execution segment/);
      expect((await run.result).code).toBe(0);

      const { run: second, listening: up } = startRun(plan);
      await up;
      const wrongUnit = await ctl(['scale', '--rate', '5']);
      expect(wrongUnit.code).toBe(1);
      expect(wrongUnit.stderr).toMatch(/refused: no scenario of this run takes a rate: s runs constant-vus/);
      const bad = await ctl(['scale', '--vus', '-1']);
      expect(bad.stderr).toMatch(/--vus: '-1' is not a whole number of 0 or more/);
      expect((await ctl(['scale'])).stderr).toMatch(/give either --vus N .* or --rate R/);
      await second.result;

      const none = await ctl(['resume']);
      expect(none.code).toBe(1);
      expect(none.stderr).toMatch(/no 'loadsmith run' is running for this user/);
    },
    SLOW,
  );

  it(
    'keeps the token private: a folder only the user can read, a 0600 entry, and 401 without the token',
    async () => {
      const plan = await planFile(
        'private',
        '    executor: constant-vus\n    vus: 1\n    duration: 3s\n    steps: [{ request: { url: /json } }, { think: 100ms }]',
      );
      const { run, listening } = startRun(plan);
      const header = await listening;
      const address = /127\.0\.0\.1:\d+/.exec(header.slice(header.indexOf('mid-run control')))?.[0] ?? '';
      expect(((await stat(controlDir)).mode & 0o777).toString(8)).toBe('700');
      const [entry] = await readdir(controlDir);
      expect(((await stat(join(controlDir, entry ?? ''))).mode & 0o777).toString(8)).toBe('600');
      const anonymous = await fetch(`http://${address}/v1/pause`, { method: 'POST' });
      expect(anonymous.status).toBe(401);
      const guessed = await fetch(`http://${address}/v1/pause`, {
        method: 'POST',
        headers: { authorization: 'Bearer x'.repeat(8) },
      });
      expect(guessed.status).toBe(401);
      const result = await run.result;
      expect(result.stdout).not.toContain('PHASES'); // nothing was changed
    },
    SLOW,
  );

  it(
    '--no-control: nothing listens; --control refuses an address off loopback',
    async () => {
      const plan = await planFile(
        'off',
        '    executor: constant-vus\n    vus: 1\n    duration: 2s\n    steps: [{ request: { url: /json } }, { think: 100ms }]',
      );
      const { run, listening } = startRun(plan, ['--no-control'], false);
      expect(await listening).not.toContain('mid-run control');
      expect((await ctl(['status'])).stdout).toMatch(/no loadsmith run is going/);
      await run.result;
      const off = await loadsmith(['run', plan, '-e', `BASE=${server.url}`, '--control', '0.0.0.0:6565'], {
        env: env(),
        timeoutMs: 30_000,
      });
      expect(off.code).toBe(1);
      expect(off.stderr).toMatch(/--control: '0\.0\.0\.0' is not a loopback address/);
    },
    SLOW,
  );
});
