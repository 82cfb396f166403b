/**
 * bench/run: Loadsmith and its peers side by side against bench/target, each pinned to its own core.
 *   bench/run [--reps 3] [--duration 8] [--tools loadsmith,wrk,...]
 *             [--only closed,ceiling,ceiling-pipelined,pipelined,open,sleeping,grpc]
 *             [--connections 1,50,256] [--ceiling-connections 50] [--ceiling-depths 4,10] [--rates 5000,20000]
 *             [--vus 1000,10000,50000] [--depths 10] [--in-flight 50] [--grpc-connections 50] [--out FILE] [--quick]
 * The whole benchmark writes bench/RESULTS.md; a part of it (--only, --tools, --quick) bench/results/partial-*.md.
 * `ceiling`: the closed model against the target's lean HTTP/1.1 loop (bench/target -raw), which answers about twice
 * what net/http does on one core: where the net/http target is the limit, this shows each generator's own.
 * `ceiling-pipelined`: the same target and connections (the first of --ceiling-connections), each connection
 * pipelining each depth of --ceiling-depths: how far a generator goes when several requests share a system call.
 * `pipelined`: the closed model with HTTP/1.1 pipelining, --in-flight requests outstanding, each depth of --depths per
 * connection (Loadsmith's defaults.http.pipelining, autocannon -p, wrk with bench/plans/wrk-pipeline.lua).
 * `grpc`: unary lookup.Lookup/Get against bench/grpc-target (grpc-go, plaintext), each of --grpc-connections
 * connections with one call in flight (Loadsmith and k6 VUs, ghz -c = --connections).
 * Prints a table per workload and writes the Markdown report (command, machine, date, medians of the repetitions).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { busyShare, loadString, machine } from './machine.ts';
import { runPinned, steadyState } from './proc.ts';
import type { RunRecord, Workload } from './record.ts';
import {
  ceilingPipelinedTable,
  ceilingTable,
  closedTable,
  grpcTable,
  markdown,
  openTable,
  pipelinedTable,
  sleepingTable,
} from './report.ts';
import { startTarget, type Target } from './target.ts';
import { ROOT } from './paths.ts';
import { availableTools, type Job, type Tool } from './tools.ts';

const ALL_WORKLOADS = 'closed,ceiling,ceiling-pipelined,pipelined,open,sleeping,grpc';
const { values: o } = parseArgs({
  options: {
    reps: { type: 'string', default: '3' },
    duration: { type: 'string', default: '8' },
    tools: { type: 'string' },
    only: { type: 'string', default: ALL_WORKLOADS },
    connections: { type: 'string', default: '1,50,256' },
    'ceiling-connections': { type: 'string', default: '50' },
    'ceiling-depths': { type: 'string', default: '4,10' },
    rates: { type: 'string', default: '5000,20000' },
    vus: { type: 'string', default: '1000,10000,50000' },
    depths: { type: 'string', default: '10' },
    'in-flight': { type: 'string', default: '50' },
    'grpc-connections': { type: 'string', default: '50' },
    'k6-max-sleeping': { type: 'string', default: '10000' },
    'target-cpu': { type: 'string', default: '0' },
    'generator-cpu': { type: 'string', default: '1' },
    out: { type: 'string' },
    quick: { type: 'boolean', default: false },
  },
});
const list = (s: string): number[] => s.split(',').filter(Boolean).map(Number);
const ceilingConnections = list(o['ceiling-connections'])[0] ?? 50;
const quick = o.quick;
const reps = quick ? 1 : Number(o.reps);
const seconds = quick ? 4 : Number(o.duration);
const only = new Set(o.only.split(','));
// A part of the benchmark (some workloads, some tools, --quick) does not replace the whole table in bench/RESULTS.md.
const partial = o.only !== ALL_WORKLOADS || o.tools !== undefined || quick;
const out = o.out ?? join(ROOT, partial ? `bench/results/partial-${Date.now()}.md` : 'bench/RESULTS.md');
const { tools, missing } = availableTools(o.tools?.split(','));
const m = machine();
const records: RunRecord[] = [];
const work = mkdtempSync(join(tmpdir(), 'loadsmith-bench-'));

console.log(
  `bench: ${m.cpu}, ${m.cores} cores; load average ${m.load}; ${tools.map((t) => t.name).join(', ')}${missing.length ? ` (not installed: ${missing.join(', ')})` : ''}`,
);
if (Number(m.load.split(',')[0]) > 0.5)
  console.log('bench: the machine is not idle (load average > 0.5): throughput numbers will be noisy');

async function measure(
  workload: Workload,
  tool: Tool,
  param: number,
  rep: number,
  job: Job,
  target: Target | undefined,
  timeoutS: number,
): Promise<void> {
  const busy = busyShare(Math.max(1000, seconds * 900));
  const run = await runPinned(job.argv, {
    cpus: o['generator-cpu'],
    timeoutS,
    ...(target ? { target } : {}),
    ...(job.env ? { env: job.env } : {}),
  });
  const rec: RunRecord = {
    workload,
    tool: tool.name,
    param,
    rep,
    result: undefined,
    error: undefined,
    steady: steadyState(run.ticks),
    wallS: run.wallS,
    cpuS: run.cpuS,
    peakRssMb: run.peakRssMb,
    machineBusy: await busy,
  };
  try {
    rec.result = job.read(run.stdout);
  } catch (e) {
    rec.error = `${(e as Error).message}; exit ${run.code}; ${(run.stderr || run.stdout).trim().split('\n').slice(-2).join(' ')}`;
  }
  records.push(rec);
  const r = rec.result;
  const s = rec.steady;
  console.log(
    `  ${workload} ${param} ${tool.name.padEnd(10)} rep ${rep + 1}: ${r ? `${Math.round(r.rps)} req/s p99 ${r.p99Ms.toFixed(2)} ms` : `FAILED ${rec.error}`}` +
      `${s ? `, generator ${(s.genCpu * 100).toFixed(0)} % ${s.usPerReq.toFixed(1)} µs/req, target ${(s.targetCpu * 100).toFixed(0)} %` : ''}, RSS ${Math.round(run.peakRssMb)} MB`,
  );
  await new Promise((res) => setTimeout(res, 1000)); // let sockets and the scheduler settle
}

function dirFor(...parts: (string | number)[]): string {
  const d = join(work, parts.join('-'));
  mkdirSync(d, { recursive: true });
  return d;
}

/** Every parameter × repetition × tool that has a job for it, against `on`. */
async function sweep(
  workload: Workload,
  params: number[],
  on: Target,
  job: (t: Tool, param: number, dir: string) => Job | undefined,
): Promise<void> {
  for (const p of params) {
    for (let rep = 0; rep < reps; rep++) {
      for (const t of tools) {
        const j = job(t, p, dirFor(t.name, workload, p, rep));
        if (j !== undefined) await measure(workload, t, p, rep, j, on, seconds + 60);
      }
    }
  }
}

const target = await startTarget(join(ROOT, '.tools/bench/bin/target'), o['target-cpu']);
try {
  if (only.has('closed'))
    await sweep('closed', list(o.connections), target, (t, c, dir) => t.closed?.(target.url, c, seconds, dir));
  // A target built before -raw existed exits at once: skip the workload (and keep every other record) instead.
  const lean =
    only.has('ceiling') || only.has('ceiling-pipelined')
      ? await startTarget(join(ROOT, '.tools/bench/bin/target'), o['target-cpu'], ['-raw']).catch((e: unknown) => {
          console.log(
            `  ceiling: skipped, the lean target did not start (${(e as Error).message}); rebuild it: bash scripts/install-bench-tools.sh`,
          );
          return undefined;
        })
      : undefined;
  if (lean !== undefined) {
    try {
      if (only.has('ceiling'))
        await sweep('ceiling', list(o['ceiling-connections']), lean, (t, c, dir) =>
          t.closed?.(lean.url, c, seconds, dir),
        );
      if (only.has('ceiling-pipelined'))
        await sweep('ceiling-pipelined', list(o['ceiling-depths']), lean, (t, depth, dir) =>
          t.pipelined?.(lean.url, ceilingConnections * depth, depth, seconds, dir),
        );
    } finally {
      await lean.stop();
    }
  }
  if (only.has('pipelined')) {
    const inFlight = Number(o['in-flight']);
    await sweep('pipelined', list(o.depths), target, (t, depth, dir) =>
      t.pipelined?.(target.url, inFlight, depth, seconds, dir),
    );
  }
  if (only.has('open'))
    await sweep('open', list(o.rates), target, (t, rate, dir) => t.open?.(target.url, rate, seconds, dir));
  if (only.has('sleeping')) {
    for (const vus of list(o.vus)) {
      for (const t of tools) {
        if (!t.sleeping) continue;
        if (t.name === 'k6' && vus > Number(o['k6-max-sleeping'])) {
          console.log(`  sleeping ${vus} k6: skipped (above --k6-max-sleeping; k6 needs ~240 KB per VU)`);
          continue;
        }
        await measure(
          'sleeping',
          t,
          vus,
          0,
          t.sleeping(vus, quick ? 6 : 10, dirFor(t.name, 'sleep', vus)),
          undefined,
          300,
        );
      }
    }
  }
} finally {
  await target.stop();
}
// Without a gRPC target (installed before it existed) the workload is skipped and every other record kept.
const grpc = only.has('grpc')
  ? await startTarget(join(ROOT, '.tools/bench/bin/grpc-target'), o['target-cpu']).catch((e: unknown) => {
      console.log(`  grpc: skipped (${(e as Error).message})`);
      return undefined;
    })
  : undefined;
if (grpc !== undefined) {
  try {
    await sweep('grpc', list(o['grpc-connections']), grpc, (t, c, dir) => t.grpc?.(grpc.addr, c, seconds, dir));
  } finally {
    await grpc.stop();
  }
}

const versions = Object.fromEntries(tools.map((t) => [t.name, t.version()]));
const report = markdown({
  command: `bench/run ${process.argv.slice(2).join(' ')}`.trim(),
  date: new Date().toISOString(),
  machine: m,
  loadAfter: loadString(),
  versions,
  reps,
  seconds,
  records,
  skipped: missing,
  inFlight: Number(o['in-flight']),
  ceilingConnections,
});
console.log(
  `\n${closedTable(records)}\n${ceilingTable(records)}\n${ceilingPipelinedTable(records, ceilingConnections)}\n${pipelinedTable(records, Number(o['in-flight']))}\n${openTable(records)}\n${sleepingTable(records)}\n${grpcTable(records)}`,
);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true }); // git-ignored: every run's raw records, partial tables
writeFileSync(out, report);
writeFileSync(
  join(ROOT, 'bench/results', `raw-${Date.now()}.json`),
  `${JSON.stringify({ machine: m, versions, records }, null, 1)}\n`,
);
console.log(`bench: wrote ${relative(process.cwd(), out)}`);
rmSync(work, { recursive: true, force: true });
