/**
 * NDJSON at full engine speed: up to 100k requests against a local target, RSS of the whole process (workers
 * included) sampled during the run. A long request name makes every row ~6 KB without making the requests any
 * heavier, so the file is large: rows streamed to disk keep RSS flat, rows kept in memory would grow it by about
 * the file size, well past the bound asserted here.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eachNdjson, httpReqs, startRun, startTarget, type Target } from './testing.ts';

let target: Target;
let dir: string;
beforeAll(async () => {
  target = await startTarget();
  dir = await mkdtemp(join(tmpdir(), 'loadsmith-raw-mem-'));
});
afterAll(async () => {
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;
// A run at full speed grows RSS by 35-75 MB here with or without outputs: V8 sizing the heaps of three threads
// (worker heaps stay at 20-35 MB used). Rows kept in memory would add at least the file size.
const GROWTH_BOUND = 120 * MB;
const NAME = `hit ${'x'.repeat(6000)}`;

describe('ndjson at a high request rate', () => {
  it('keeps memory flat while the file grows to several times the bound', { timeout: 90_000 }, async () => {
    const path = join(dir, 'fast.ndjson');
    const run = startRun(
      `
version: 1
name: high rate
defaults: { baseUrl: "\${env.BASE}" }
scenarios:
  s:
    executor: shared-iterations
    vus: 32
    iterations: 100000
    maxDuration: 15s
    steps:
      - request: { name: "${NAME}", url: /items }
`,
      { BASE: target.url },
      [{ format: 'ndjson', path }],
    );

    // Baseline once the workers run (their start-up is not what is measured), then the peak until the end.
    let baseline: number | undefined;
    let peak = 0;
    const sampler = setInterval(() => {
      if (baseline !== undefined) peak = Math.max(peak, process.memoryUsage.rss());
    }, 50);
    run.on('tick', () => {
      baseline ??= process.memoryUsage.rss();
    });
    const summary = await run.done;
    clearInterval(sampler);

    const count = httpReqs(summary.metrics);
    const size = (await stat(path)).size;
    const growth = peak - (baseline ?? peak);
    console.log(
      `raw results: ${count} requests in ${(summary.durationMs / 1000).toFixed(1)} s, file ${(size / MB).toFixed(0)} MB, RSS growth ${(growth / MB).toFixed(1)} MB`,
    );

    expect(baseline).toBeDefined();
    expect(count).toBeGreaterThan(40_000); // 100k on an idle 2-core machine; fewer when it is shared
    expect(size).toBeGreaterThan(2 * GROWTH_BOUND); // so rows kept in memory could not pass
    expect(growth).toBeLessThan(GROWTH_BOUND);

    let bad = 0;
    const lines = await eachNdjson(path, (r) => {
      if (r.request !== NAME || r.status !== 200) bad++;
    });
    expect(lines).toBe(count);
    expect(bad).toBe(0);
    // A busy machine may make VUs wait for the disk (reported); nothing may be missing.
    const raw = summary.notes.filter((n) => n.includes('raw results'));
    if (raw.length > 0) console.log(raw.join('\n'));
    expect(raw.filter((n) => !n.includes('the disk did not keep up'))).toEqual([]);
  });
});
