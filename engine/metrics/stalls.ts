/**
 * Stalls a closed model hides (issue 19). When the target stops answering, a closed model's VUs wait with it: they
 * send nothing, so the percentiles count a handful of slow requests among thousands of fast ones (a 1 s stall with
 * 10 VUs: p(99) 2 ms). The per-second timeline shows it: throughput collapses while the VUs are busy, and the
 * requests they waited on finish late. The rule (docs/reports.md, "Stalls a closed model hides"):
 *
 * - only full points (span = the timeline's resolution; not the run's last point) in which a closed-model scenario
 *   runs and VUs are busy (vus > 0);
 * - throughput per busy VU (requests finished / VUs / seconds), so ramps and VUs that finish are not stalls;
 * - a collapsed point: at most STALL_SHARE of the median over those points (at least MIN_POINTS of them);
 *   consecutive collapsed points are one stall, at least one point (1 s) long;
 * - confirmed only when a request that finished in the stall or the point after it took at least
 *   WAIT_PER_SECOND_MS per stalled second longer than the median request (the VUs were waiting on the target:
 *   not thinking, not ramping down), and the generator's own event loop was not blocked (then Loadsmith stalled);
 * - a stall still going at the last point is not reported (the end of a run, or not over yet).
 */
import { ARRIVAL_RATE_EXECUTORS } from '../plan/schema/constants.ts';
import type { TimelinePoint } from './timeline.ts';

/** One stall: when, how long, how deep, and how long the VUs waited. */
export interface Stall {
  /** Seconds since the start at which throughput fell (the start of its first point). */
  atS: number;
  /** How long it lasted (seconds: the stalled points' spans). */
  seconds: number;
  /** Throughput per busy VU during the stall, as a share of the median (0.007 = 0.7 %). */
  share: number;
  /** Most VUs busy during the stall. */
  vus: number;
  /** The longest request that finished in the stall or just after it (ms): how long the VUs waited. */
  longestMs: number;
  /** The sentence the summary, the reports and the app show. */
  message: string;
}

/** When closed-model scenarios run, in ms from the test's start: [fromMs, toMs). */
export interface ClosedWindow {
  fromMs: number;
  toMs: number;
}

export const STALL_SHARE = 0.25;
export const MIN_POINTS = 5;
export const WAIT_PER_SECOND_MS = 500;
/** A point whose worst worker event-loop delay p(99) reaches this share of the point was Loadsmith's stall. */
const GENERATOR_BLOCKED = 0.25;

const OPEN_MODEL: ReadonlySet<string> = new Set(ARRIVAL_RATE_EXECUTORS);

/** The windows of the closed-model scenarios among `scenarios` (open-model percentiles measure stalls). */
export function closedWindows(
  scenarios: readonly { executor: string; startMs: number; regularMs: number }[],
): ClosedWindow[] {
  return scenarios
    .filter((s) => !OPEN_MODEL.has(s.executor))
    .map((s) => ({ fromMs: s.startMs, toMs: s.startMs + s.regularMs }));
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

const perVu = (p: TimelinePoint): number => p.reqs / (p.vus * p.span);

/** The stalls in `points` (a run's timeline, or the ticks so far) during the closed-model `windows`. */
export function findStalls(points: readonly TimelinePoint[], windows: readonly ClosedWindow[]): Stall[] {
  if (windows.length === 0 || points.length < 2) return [];
  const full = Math.max(...points.slice(0, -1).map((p) => p.span));
  const closed = (p: TimelinePoint): boolean =>
    windows.some((w) => (p.t - p.span) * 1000 < w.toMs && p.t * 1000 > w.fromMs);
  const inScope = points.map((p, i) => i < points.length - 1 && p.span === full && p.vus > 0 && closed(p));
  const scoped = points.filter((_, i) => inScope[i]);
  if (scoped.length < MIN_POINTS) return [];
  const baseline = median(scoped.map(perVu));
  if (!(baseline > 0)) return [];
  const typicalMs = median(scoped.flatMap((p) => (p.latency ? [p.latency.p50] : [])));
  const collapsed = points.map((p, i) => inScope[i] === true && perVu(p) <= STALL_SHARE * baseline);
  const stalls: Stall[] = [];
  for (let a = 0; a < points.length; a++) {
    if (!collapsed[a]) continue;
    let b = a;
    while (collapsed[b + 1]) b++;
    const stall = confirm(points.slice(a, b + 1), points[b + 1], baseline, typicalMs);
    if (stall) stalls.push(stall);
    a = b;
  }
  return stalls;
}

function confirm(
  run: readonly TimelinePoint[],
  after: TimelinePoint | undefined,
  baseline: number,
  typicalMs: number,
): Stall | undefined {
  if (!after) return undefined;
  const seconds = run.reduce((n, p) => n + p.span, 0);
  const longestMs = Math.max(...[...run, after].map((p) => p.latency?.max ?? 0));
  if (longestMs - (Number.isFinite(typicalMs) ? typicalMs : 0) < WAIT_PER_SECOND_MS * seconds) return undefined;
  if (run.some((p) => p.generator.loopDelayP99Ms >= GENERATOR_BLOCKED * p.span * 1000)) return undefined;
  const first = run[0] as TimelinePoint;
  const atS = first.t - first.span;
  const share = run.reduce((n, p) => n + p.reqs, 0) / run.reduce((n, p) => n + p.vus * p.span, 0) / baseline;
  const vus = Math.max(...run.map((p) => p.vus));
  return { atS, seconds, share, vus, longestMs, message: stallMessage(atS, seconds, share, vus, longestMs) };
}

const num = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(1));
const pct = (share: number): string =>
  `${share === 0 ? '0' : share < 0.1 ? (share * 100).toFixed(1) : Math.round(share * 100)} %`;
const dur = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

function stallMessage(atS: number, seconds: number, share: number, vus: number, longestMs: number): string {
  return (
    `at ${num(atS)} s throughput fell to ${pct(share)} of the median for ${num(seconds)} s while ${vus} VU${vus === 1 ? ' was' : 's were'} busy ` +
    `(the longest request took ${dur(longestMs)}); closed-model percentiles understate this — an arrival-rate executor measures it`
  );
}
