/** One measured run, and the medians over repetitions that the tables show. */
import type { ToolResult } from './parse.ts';
import type { Steady } from './proc.ts';

export type Workload = 'closed' | 'ceiling' | 'ceiling-pipelined' | 'open' | 'sleeping' | 'pipelined' | 'grpc';

export interface RunRecord {
  workload: Workload;
  tool: string;
  /**
   * Connections (closed, ceiling, grpc), rate (open), VUs (sleeping) or pipelining depth (pipelined,
   * ceiling-pipelined).
   */
  param: number;
  rep: number;
  result: ToolResult | undefined;
  error: string | undefined;
  steady: Steady | undefined;
  wallS: number;
  cpuS: number;
  peakRssMb: number;
  /** Whole-machine busy share while it ran (noise from other processes shows as > gen + target). */
  machineBusy: number;
}

export interface Row {
  tool: string;
  param: number;
  reps: number;
  failed: number;
  rps: number;
  /** The spread of the repetitions (a noisy machine shows here). */
  rpsMin: number;
  rpsMax: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  dropped: number;
  lagP99Ms: number;
  requests: number;
  genCpu: number;
  targetCpu: number;
  usPerReq: number;
  usPerReqMin: number;
  usPerReqMax: number;
  usPerReqWhole: number;
  peakRssMb: number;
  firstError: string | undefined;
}

function lowest(xs: readonly number[]): number {
  const v = xs.filter((x) => Number.isFinite(x));
  return v.length ? Math.min(...v) : NaN;
}

function highest(xs: readonly number[]): number {
  const v = xs.filter((x) => Number.isFinite(x));
  return v.length ? Math.max(...v) : NaN;
}

export function median(xs: readonly number[]): number {
  const v = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** Medians per (tool, param) of one workload, in the order the records came. */
export function rows(records: readonly RunRecord[], workload: Workload): Row[] {
  const groups = new Map<string, RunRecord[]>();
  for (const r of records) {
    if (r.workload !== workload) continue;
    const k = `${r.param}\u0000${r.tool}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.values()].map((rs) => {
    const ok = rs.filter((r) => r.result !== undefined);
    const all = (f: (r: RunRecord) => number | undefined): number[] => ok.map((r) => f(r) ?? NaN);
    const m = (f: (r: RunRecord) => number | undefined): number => median(all(f));
    return {
      tool: rs[0]!.tool,
      param: rs[0]!.param,
      reps: rs.length,
      failed: rs.length - ok.length,
      rps: m((r) => r.result?.rps),
      rpsMin: lowest(all((r) => r.result?.rps)),
      rpsMax: highest(all((r) => r.result?.rps)),
      p50Ms: m((r) => r.result?.p50Ms),
      p99Ms: m((r) => r.result?.p99Ms),
      errors: m((r) => r.result?.errors),
      dropped: m((r) => r.result?.dropped),
      lagP99Ms: m((r) => r.result?.lagP99Ms),
      requests: m((r) => r.result?.requests),
      genCpu: m((r) => r.steady?.genCpu),
      targetCpu: m((r) => r.steady?.targetCpu),
      usPerReq: m((r) => r.steady?.usPerReq),
      usPerReqMin: lowest(all((r) => r.steady?.usPerReq)),
      usPerReqMax: highest(all((r) => r.steady?.usPerReq)),
      usPerReqWhole: m((r) => (r.result && r.result.requests > 0 ? (r.cpuS / r.result.requests) * 1e6 : NaN)),
      peakRssMb: m((r) => r.peakRssMb),
      firstError: rs.find((r) => r.error !== undefined)?.error,
    };
  });
}
