/** The tables: printed on the terminal and written, with the command and the machine, to bench/RESULTS.md. */
import type { Machine } from './machine.ts';
import { rows, type Row, type RunRecord } from './record.ts';

const f = (x: number, digits = 0): string =>
  Number.isFinite(x)
    ? x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';
const ms = (x: number): string => (!Number.isFinite(x) ? '–' : x < 1 ? `${f(x * 1000)} µs` : `${f(x, 2)} ms`);
const pct = (x: number): string => (Number.isFinite(x) ? `${f(x * 100)} %` : '–');
/** The target is the limit when its one core is (nearly) saturated. */
const TARGET_BUSY = 0.95;

function table(head: string[], body: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function note(r: Row): string {
  const n: string[] = [];
  if (r.failed > 0) n.push(`${r.failed}/${r.reps} runs failed: ${r.firstError ?? ''}`.slice(0, 120));
  if (r.targetCpu >= TARGET_BUSY) n.push('target-bound');
  if (r.genCpu >= TARGET_BUSY) n.push('generator-bound');
  return n.join('; ');
}

const CLOSED_HEAD = [
  'tool',
  'req/s',
  'p50',
  'p99',
  'errors',
  'generator CPU',
  'target CPU',
  'µs CPU/req (steady)',
  'µs CPU/req (whole run)',
  'peak RSS',
  'notes',
];
const closedRow = (r: Row): string[] => [
  r.tool,
  f(r.rps),
  ms(r.p50Ms),
  ms(r.p99Ms),
  f(r.errors),
  pct(r.genCpu),
  pct(r.targetCpu),
  f(r.usPerReq, 1),
  f(r.usPerReqWhole, 1),
  `${f(r.peakRssMb)} MB`,
  note(r),
];

/** One table per parameter of a closed-model workload, fastest first. */
function closedTables(
  records: readonly RunRecord[],
  workload: 'closed' | 'ceiling' | 'ceiling-pipelined' | 'pipelined',
  title: (param: number) => string,
): string {
  const out: string[] = [];
  const all = rows(records, workload);
  for (const p of [...new Set(all.map((r) => r.param))]) {
    out.push(`### ${title(p)}\n`);
    out.push(
      table(
        CLOSED_HEAD,
        all
          .filter((r) => r.param === p)
          .sort((a, b) => b.rps - a.rps)
          .map(closedRow),
      ),
    );
    out.push('');
  }
  return out.join('\n');
}

export function closedTable(records: readonly RunRecord[]): string {
  return closedTables(records, 'closed', (c) => `Closed model, ${c} connection${c === 1 ? '' : 's'}`);
}

export function ceilingTable(records: readonly RunRecord[]): string {
  return closedTables(
    records,
    'ceiling',
    (c) =>
      `Closed model against the lean target (bench/target -raw), ${c} connection${c === 1 ? '' : 's'}: rows not marked target-bound show the generator's own limit`,
  );
}

export function ceilingPipelinedTable(records: readonly RunRecord[], connections: number): string {
  return closedTables(
    records,
    'ceiling-pipelined',
    (d) =>
      `Pipelined against the lean target: ${connections} connections, ${d} requests in flight on each (${connections * d} in all)`,
  );
}

export function pipelinedTable(records: readonly RunRecord[], inFlight: number): string {
  return closedTables(
    records,
    'pipelined',
    (d) =>
      `Closed model with HTTP/1.1 pipelining: ${inFlight} requests in flight, ${d} per connection (${Math.ceil(inFlight / d)} connections)`,
  );
}

export function openTable(records: readonly RunRecord[]): string {
  const rs = rows(records, 'open');
  if (rs.length === 0) return '';
  return `### Open model (constant arrival rate)\n\n${table(
    [
      'tool',
      'target rate/s',
      'achieved req/s',
      'dropped',
      'start lag p99',
      'p50',
      'p99',
      'errors',
      'generator CPU',
      'target CPU',
      'µs CPU/req (steady)',
      'notes',
    ],
    rs.map((r) => [
      r.tool,
      f(r.param),
      f(r.rps),
      Number.isFinite(r.dropped) ? f(r.dropped) : 'n/a',
      ms(r.lagP99Ms),
      ms(r.p50Ms),
      ms(r.p99Ms),
      f(r.errors),
      pct(r.genCpu),
      pct(r.targetCpu),
      f(r.usPerReq, 1),
      note(r),
    ]),
  )}\n`;
}

export function sleepingTable(records: readonly RunRecord[]): string {
  const rs = rows(records, 'sleeping');
  if (rs.length === 0) return '';
  const base = new Map<string, Row>();
  for (const r of rs) if (!base.has(r.tool) || r.param < base.get(r.tool)!.param) base.set(r.tool, r);
  const perVu = (r: Row): string => {
    const b = base.get(r.tool)!;
    return r.param > b.param ? `${f(((r.peakRssMb - b.peakRssMb) * 1024) / (r.param - b.param), 1)} KB` : '–';
  };
  return `### Sleeping VUs (memory)\n\n${table(
    ['tool', 'VUs', 'peak RSS', 'KB per extra VU', 'notes'],
    rs.map((r) => [
      r.tool,
      f(r.param),
      `${f(r.peakRssMb)} MB`,
      perVu(r),
      r.failed > 0 ? `${r.failed}/${r.reps} runs failed: ${r.firstError ?? ''}`.slice(0, 120) : '',
    ]),
  )}\n`;
}

/** `x` with the spread of the repetitions, when there was one: "5,041 (4,980–5,100)". */
const spread = (x: number, lo: number, hi: number, digits = 0): string =>
  lo < hi ? `${f(x, digits)} (${f(lo, digits)}–${f(hi, digits)})` : f(x, digits);

/**
 * gRPC unary, one table per concurrency: calls/s and the generator's CPU per call, with the spread of the
 * repetitions, and each tool's calls per generator core-second as a multiple of k6's and ghz's.
 */
export function grpcTable(records: readonly RunRecord[]): string {
  const all = rows(records, 'grpc');
  const out: string[] = [];
  for (const c of [...new Set(all.map((r) => r.param))]) {
    const rs = all.filter((r) => r.param === c).sort((a, b) => b.rps - a.rps);
    const perCore = (r: Row | undefined): number => (r ? 1e6 / r.usPerReq : NaN);
    const versus = (r: Row, peer: string): string => {
      const x = perCore(r) / perCore(rs.find((p) => p.tool === peer));
      return Number.isFinite(x) ? `${f(x, 2)}×` : '–';
    };
    out.push(`### gRPC unary (lookup.Lookup/Get, plaintext), ${c} connections and calls in flight\n`);
    out.push(
      table(
        [
          'tool',
          'calls/s (min–max)',
          'p50',
          'p99',
          'errors',
          'generator CPU',
          'target CPU',
          'µs CPU/call (steady; min–max)',
          'calls per generator core-second',
          'vs k6',
          'vs ghz',
          'peak RSS',
          'notes',
        ],
        rs.map((r) => [
          r.tool,
          spread(r.rps, r.rpsMin, r.rpsMax),
          ms(r.p50Ms),
          ms(r.p99Ms),
          f(r.errors),
          pct(r.genCpu),
          pct(r.targetCpu),
          spread(r.usPerReq, r.usPerReqMin, r.usPerReqMax, 1),
          f(perCore(r)),
          versus(r, 'k6'),
          versus(r, 'ghz'),
          `${f(r.peakRssMb)} MB`,
          note(r),
        ]),
      ),
    );
    out.push('');
  }
  return out.join('\n');
}

export interface ReportInput {
  command: string;
  date: string;
  machine: Machine;
  loadAfter: string;
  versions: Record<string, string>;
  reps: number;
  seconds: number;
  records: readonly RunRecord[];
  skipped: string[];
  /** Requests in flight in the pipelined workload. */
  inFlight: number;
  /** Connections of the pipelined ceiling workload. */
  ceilingConnections: number;
}

export function markdown(r: ReportInput): string {
  const m = r.machine;
  const busy = r.records.map((x) => x.machineBusy).filter(Number.isFinite);
  return [
    '# Benchmark results',
    '',
    'Written by `bench/run` (see docs/performance.md for what each column means and how to read it).',
    '',
    `- Command: \`${r.command}\``,
    `- Date: ${r.date}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.kernel}; Node ${m.node}, Go ${m.go}`,
    `- Load average (1, 5, 15 min): before ${m.load}; after ${r.loadAfter}. Whole-machine busy share during runs: median ${pct(busy.sort((a, b) => a - b)[busy.length >> 1] ?? NaN)} of ${m.cores} cores`,
    `- Target: bench/target (Go hello-world, GOMAXPROCS=1; net/http, or its lean HTTP/1.1 loop with -raw for the ceiling tables; bench/grpc-target, grpc-go, for the gRPC table) pinned to core 0; each generator pinned to core 1; ${r.seconds} s per run; medians of ${r.reps} repetitions`,
    `- Tools: ${Object.entries(r.versions)
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')}`,
    ...(r.skipped.length > 0 ? [`- Not installed, skipped: ${r.skipped.join(', ')}`] : []),
    '',
    '"µs CPU/req (steady)" is the generator\'s CPU time (user + system, all threads) over the steady part of the run divided by the',
    'requests the target answered in that time; "whole run" divides all of its CPU, start-up included, by its requests.',
    '"target-bound" marks rows where the target\'s core was ≥ 95 % busy: there the target, not the tool, was the limit.',
    '',
    closedTable(r.records),
    ceilingTable(r.records),
    ceilingPipelinedTable(r.records, r.ceilingConnections),
    pipelinedTable(r.records, r.inFlight),
    openTable(r.records),
    sleepingTable(r.records),
    grpcTable(r.records),
  ].join('\n');
}
