/**
 * A worker thread that dies mid-run (a bug, injected with `node --import`, which Node also runs in worker threads)
 * stops the run with its summary, and the run does not pass: it said "✓ PASSED" with stoppedBy "error" and exited
 * 103 beside a passed status; a plan with a failing threshold exited 99, hiding the engine error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Summary } from '../../engine/metrics/summary.ts';
import { LOADSMITH_BIN, runCommand } from '../fixtures/cli.ts';

let dir: string;
let server: Server;
let url: string;
let served = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-worker-crash-'));
  // Only in worker threads, once they are running requests: the main thread is left alone.
  await writeFile(
    join(dir, 'crash.mjs'),
    "import { isMainThread } from 'node:worker_threads';\n" +
      "if (!isMainThread) setTimeout(() => { throw new TypeError('injected worker bug'); }, 1500).unref();\n",
  );
  server = createServer((_req, res) => {
    served++;
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function crashedRun(threshold: string): Promise<{ code: number | null; stdout: string; s: Summary }> {
  const plan = join(dir, `plan-${threshold.length}.yaml`);
  await writeFile(
    plan,
    [
      'version: 1',
      'name: crash',
      'scenarios:',
      '  load:',
      '    executor: constant-vus',
      '    vus: 2',
      '    duration: 20s',
      '    steps:',
      `      - request: { name: hello, url: "${url}/" }`,
      '      - think: 50ms',
      `thresholds: { http_req_duration: ["${threshold}"] }`,
      '',
    ].join('\n'),
  );
  const out = `${plan}.json`;
  const r = await runCommand(
    process.execPath,
    ['--import', join(dir, 'crash.mjs'), LOADSMITH_BIN, 'run', plan, '--summary-json', out, '--no-color'],
    { timeoutMs: 90_000 },
  );
  return { code: r.code, stdout: r.stdout, s: JSON.parse(await readFile(out, 'utf8')) as Summary };
}

describe('a worker that crashes mid-run', () => {
  it('ends the run with its summary, failed, exit 103', async () => {
    const before = served;
    const { code, stdout, s } = await crashedRun('p(95)<60000');
    expect(served - before).toBeGreaterThan(0);
    expect(s.stoppedBy).toBe('error');
    expect(s.status).toBe('failed');
    expect(s.durationMs).toBeLessThan(15_000);
    expect(stdout).toMatch(/✗ FAILED \(an engine error stopped the run/);
    expect(stdout).not.toMatch(/✓ PASSED/);
    expect(code).toBe(103);
  }, 120_000);

  it('exits 103, not 99, when a threshold failed too', async () => {
    const { code, s } = await crashedRun('p(95)<0.001');
    expect(s.thresholds.some((t) => !t.ok)).toBe(true);
    expect(code).toBe(103);
  }, 120_000);
});
