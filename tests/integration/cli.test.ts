/**
 * The `loadsmith` command as users run it: a child process with real plan files, exit codes (0, 99, 1, 105),
 * located errors without stack traces, and a summary also after Ctrl-C.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadsmith } from '../fixtures/cli.ts';
import { startTargetServer, type TargetServer } from '../fixtures/target-server.ts';

let server: TargetServer;
let dir: string;
beforeAll(async () => {
  server = await startTargetServer();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-cli-'));
});
afterAll(async () => {
  await server.close();
});

async function planFile(name: string, text: string): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, text);
  return file;
}

const simplePlan = (scenario: string, thresholds = ''): string => `version: 1
name: cli test
defaults:
  baseUrl: \${env.BASE}
scenarios:
  s:
${scenario}
${thresholds}`;

describe('loadsmith run', () => {
  it('exits 0 with a summary and writes --summary-json with the script fields', async () => {
    const file = await planFile(
      'ok.yaml',
      simplePlan(
        '    executor: per-vu-iterations\n    vus: 2\n    iterations: 3\n    steps: [{ request: { url: /json, checks: [{ status: 200 }] } }]',
        'thresholds:\n  http_req_duration: ["p(95)<5000"]',
      ),
    );
    const json = join(dir, 'summary.json');
    const r = await loadsmith(['run', file, '--env', `BASE=${server.url}`, '--summary-json', json]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✓ 'p\(95\)<5000'/);
    expect(r.stdout).toMatch(/PASSED/);
    const s = JSON.parse(await readFile(json, 'utf8'));
    expect(s).toMatchObject({ _total: 6, status: 'passed', stoppedBy: 'completed' });
    expect(s.metrics.http_reqs.count).toBe(s._total);
    expect(s._p50).toBe(s.metrics.http_req_duration.med);
    expect(s._p99).toBe(s.metrics.http_req_duration.p99);
    expect(s._rps).toBeCloseTo(s._total / (s.durationMs / 1000), 6);
  });

  it('exits 99 when a threshold fails', async () => {
    const file = await planFile(
      'fail.yaml',
      simplePlan(
        '    executor: per-vu-iterations\n    steps: [{ request: { url: /status/500 } }]',
        'thresholds:\n  http_req_failed: ["rate<0.01"]',
      ),
    );
    const r = await loadsmith(['run', file, '-q', '-e', `BASE=${server.url}`]);
    expect(r.code).toBe(99);
    expect(r.stdout).toMatch(/✗ 'rate<0.01' rate=100.00%/);
    expect(r.stdout).toMatch(/FAILED \(1 of 1 thresholds failed\)/);
  });

  it('exits 1 on a malformed plan, naming file:line:column and the path, without a stack trace', async () => {
    const file = await planFile(
      'bad.yaml',
      simplePlan('    executor: per-vu-iterations\n    steps:\n      - request: { url: /json, methd: GET }'),
    );
    const r = await loadsmith(['run', file, '-e', `BASE=${server.url}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${file}:9:32: scenarios.s.steps[0].request.methd: unknown key 'methd' (did you mean 'method'?)`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 1 naming a missing environment variable where the plan uses it', async () => {
    const file = await planFile(
      'env.yaml',
      simplePlan('    executor: per-vu-iterations\n    steps: [{ request: { url: /json } }]'),
    );
    const r = await loadsmith(['run', file], { env: { BASE: '' } });
    const clean = await loadsmith(['run', file], {});
    expect(clean.code).toBe(1);
    expect(clean.stderr).toMatch(
      new RegExp(
        `${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:4:12: defaults.baseUrl: environment variable BASE is not set`,
      ),
    );
    expect(r.code).toBe(1); // set but empty: the URL is then relative -> refused by the run, not silently sent
  });

  it('prints the summary after Ctrl-C (graceful), and exits 105', async () => {
    const file = await planFile(
      'long.yaml',
      simplePlan(
        '    executor: constant-vus\n    vus: 2\n    duration: 60s\n    gracefulStop: 1s\n    steps: [{ request: { url: /json } }, { think: 20ms }]',
      ),
    );
    let sent = false;
    const started = Date.now();
    const r = await loadsmith(['run', file, '-e', `BASE=${server.url}`], {
      onStderr: (text, child) => {
        if (!sent && /running \(/.test(text)) {
          sent = true;
          child.kill('SIGINT');
        }
      },
    });
    expect(sent).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(105);
    expect(r.stderr).toMatch(/stopping gracefully/);
    expect(r.stdout).toMatch(/TOTAL RESULTS/);
    expect(r.stdout).toMatch(/stopped early by the user/);
    expect(r.stdout).toMatch(/http_reqs\.+: [1-9]/);
  });

  it('stops at once on a second Ctrl-C, interrupting long requests, and still prints the summary', async () => {
    const file = await planFile(
      'stuck.yaml',
      simplePlan(
        '    executor: constant-vus\n    vus: 2\n    duration: 60s\n    gracefulStop: 30s\n    steps: [{ request: { url: /json } }, { request: { url: /hang, timeout: 60s } }]',
      ),
    );
    let signals = 0;
    const started = Date.now();
    const r = await loadsmith(['run', file, '-e', `BASE=${server.url}`], {
      onStderr: (text, child) => {
        if (signals === 0 && /running \(/.test(text)) {
          signals++;
          child.kill('SIGINT');
        } else if (signals === 1 && /stopping gracefully/.test(text)) {
          signals++;
          setTimeout(() => child.kill('SIGINT'), 800);
        } // later than a relayed copy (RELAYED_MS)
      },
    });
    expect(signals).toBe(2);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(r.code).toBe(105);
    expect(r.stdout).toMatch(/aborted by the user/);
    expect(r.stdout).toMatch(/interrupted/);
    expect(r.stdout).toMatch(/TOTAL RESULTS/);
  });
});

describe('other commands', () => {
  it('validate: 0 for valid plans, 1 with located errors for invalid ones', async () => {
    const good = await planFile(
      'good.yaml',
      simplePlan('    executor: per-vu-iterations\n    steps: [{ request: { url: /json } }]'),
    );
    const bad = await planFile(
      'typo.yaml',
      simplePlan('    executor: constant-vu\n    steps: [{ request: { url: /json } }]'),
    );
    const ok = await loadsmith(['validate', good]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/valid — 1 scenario\(s\), 1 request\(s\); reads env BASE/);
    const r = await loadsmith(['validate', good, bad]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `${bad}:7:15: scenarios.s.executor: unknown executor 'constant-vu': expected one of constant-vus, ramping-vus, per-vu-iterations, shared-iterations, constant-arrival-rate, ramping-arrival-rate (did you mean 'constant-vus'?)`,
    );
  });

  it('usage errors exit 1 with a message', async () => {
    for (const [args, message] of [
      [['frobnicate'], /unknown command 'frobnicate'/],
      [['run'], /missing the plan file/],
      [['run', 'x.yaml', '--env', 'NOEQUALS'], /--env: 'NOEQUALS' should be KEY=VALUE/],
      [['run', 'x.yaml', '--vus', '0'], /--vus: '0' is not a whole number of at least 1/],
      [['run', join(dir, 'does-not-exist.yaml')], /cannot read the plan file: no such file/],
    ] as const) {
      const r = await loadsmith([...args]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('breakpoint refuses a --summary-json it cannot write before sending anything', async () => {
    const file = await planFile(
      'bp.yaml',
      simplePlan('    executor: per-vu-iterations\n    steps: [{ request: { url: /json } }]'),
    );
    await writeFile(join(dir, 'not-a-dir'), '');
    server.resetStats();
    const r = await loadsmith([
      'breakpoint',
      file,
      '-e',
      `BASE=${server.url}`,
      '--summary-json',
      join(dir, 'not-a-dir', 'bp.json'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--summary-json .*not-a-dir\/bp\.json: cannot write the report there: ENOTDIR/);
    expect(server.hits()).toBe(0);
  });

  it('demo-server serves the demo API on loopback until Ctrl-C', async () => {
    let url = '';
    let body: unknown;
    const r = await loadsmith(['demo-server', '--port', '0'], {
      onStdout: (stdout, child) => {
        const m = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
        if (!m || url) return;
        url = m[1] as string;
        void fetch(`${url}/health`).then(async (res) => {
          body = await res.json();
          child.kill('SIGINT');
        });
      },
    });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(body).toEqual({ status: 'ok' });
    expect(r.code).toBe(0);
  });
});
