/**
 * What one idle worker thread costs in resident memory when it starts from the TypeScript sources (Node strips the
 * types, compiling its WebAssembly stripper in every worker) and when it starts from the pre-built bundle
 * (engine/dist/worker.mjs, what the runner package, the single executable and a checkout use).
 * Each measurement is a fresh process running a plan whose VUs only sleep, one VU per worker; the process's RSS is
 * read once every worker has started. Per worker = (RSS with N workers − RSS with 1) / (N − 1). Also the time from
 * runPlan() to the start of the test with N workers (all of them loaded and ready).
 *   node bench/worker-memory.ts [--workers 5] [--reps 3]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freshWorkerBundle } from '../engine/bundle/fresh.ts';
import { parsePlan } from '../engine/plan/parse.ts';
import { runPlan } from '../engine/run/run-plan.ts';

const { values: opt } = parseArgs({
  options: {
    workers: { type: 'string', default: '5' },
    reps: { type: 'string', default: '3' },
    child: { type: 'string' },
    count: { type: 'string' },
  },
});

/** One measurement: start `count` sleeping workers from `url`, print the process's RSS and peak RSS in bytes once they run. */
async function child(url: string, count: number): Promise<void> {
  const { plan } = parsePlan(
    `version: 1\nname: idle workers\nscenarios:\n  idle:\n    executor: constant-vus\n    vus: ${count}\n` +
      '    duration: 3s\n    gracefulStop: 0s\n    steps: [{ think: 10s }]\n',
  );
  const t0 = performance.now();
  const handle = runPlan(plan, { workers: count, workerUrl: new URL(url) });
  handle.on('start', () => {
    const startMs = performance.now() - t0;
    setTimeout(() => {
      process.stdout.write(`${process.memoryUsage().rss} ${process.resourceUsage().maxRSS * 1024} ${startMs}\n`);
      handle.abort();
    }, 1500);
  });
  await handle.done;
}

function measure(url: URL, count: number): { rss: number; peak: number; startMs: number } {
  const r = spawnSync(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', url.href, '--count', String(count)],
    { encoding: 'utf8' },
  );
  const [rss = Number.NaN, peak = Number.NaN, startMs = Number.NaN] = (r.stdout.trim().split('\n').at(-1) ?? '')
    .split(' ')
    .map(Number);
  if (r.status !== 0 || !(rss > 0) || !(peak > 0))
    throw new Error(`measurement failed (exit ${r.status}): ${r.stderr.slice(-1000)}`);
  return { rss, peak, startMs };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function parent(): Promise<void> {
  const bundle = await freshWorkerBundle();
  if (!bundle) throw new Error('no worker bundle could be built (is esbuild installed?)');
  const n = Number(opt.workers);
  const sources = pathToFileURL(fileURLToPath(new URL('../engine/runtime/worker/main.ts', import.meta.url)));
  for (const [name, url] of [
    ['sources (type stripping)', sources],
    ['bundle (engine/dist/worker.mjs)', bundle],
  ] as const) {
    const rss: number[] = [];
    const peak: number[] = [];
    const start: number[] = [];
    for (let rep = 0; rep < Number(opt.reps); rep++) {
      const [many, one] = [measure(url, n), measure(url, 1)];
      rss.push((many.rss - one.rss) / (n - 1));
      peak.push((many.peak - one.peak) / (n - 1));
      start.push(many.startMs);
    }
    const mb = (xs: number[]): string =>
      `${(median(xs) / 2 ** 20).toFixed(1)} MB (${xs.map((b) => (b / 2 ** 20).toFixed(1)).join(', ')})`;
    console.log(
      `${name}, per idle worker (median, reps; ${n} vs 1 workers): RSS ${mb(rss)}, peak RSS ${mb(peak)}; ` +
        `${n} workers ready in ${median(start).toFixed(0)} ms (${start.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
  }
}

if (opt.child !== undefined) await child(opt.child, Number(opt.count));
else await parent();
