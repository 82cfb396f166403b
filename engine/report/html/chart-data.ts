/**
 * The charts of the HTML report as data: what the inline script draws, built here (typed and testable) so the
 * browser side only maps it onto ECharts options. x is seconds since the start (the end of each timeline interval).
 */
import type { Summary } from '../../metrics/summary.ts';
import type { TimelinePoint } from '../../metrics/timeline.ts';
import { phaseCause } from '../phase-text.ts';
import { downsample, MAX_POINTS, type Point } from './downsample.ts';

export type ChartId = 'rps' | 'latency' | 'vus' | 'errors' | 'arrival' | 'grpc' | 'grpc-latency' | 'ws';

/** How the script formats values: per second, milliseconds, or plain counts. */
export type ChartUnit = 'rate' | 'ms' | 'count';

export interface ChartSeries {
  name: string;
  /** A palette entry: the script reads the colour from the CSS variable `--s-<color>` (so dark mode restyles it). */
  color: string;
  points: Point[];
}

export interface ChartSpec {
  id: ChartId;
  title: string;
  /** What the chart shows, for the figcaption and the aria-label. */
  description: string;
  unit: ChartUnit;
  /** Step lines for levels that change in jumps (VUs). */
  step?: boolean;
  series: ChartSeries[];
  /** Vertical lines where the run was changed mid-run (pause, resume, scale): seconds and what changed. */
  marks?: ChartMark[];
}

export interface ChartMark {
  t: number;
  label: string;
}

/**
 * The last interval of a run is usually a sliver (the run ends mid-second); a few requests in 0.05 s would show as
 * a fake spike in a per-second rate, so rate series skip intervals shorter than this. Their counts are in the totals.
 */
const MIN_RATE_SPAN = 0.5;

/**
 * The charts for a summary's timeline: rps, latency, vus, errors, arrival for open-model runs, and gRPC and
 * WebSocket charts for runs whose timeline has such points.
 */
export function chartSpecs(summary: Summary, maxPoints: number = MAX_POINTS): ChartSpec[] {
  const tl = summary.timeline;
  const series = (name: string, color: string, y: (p: TimelinePoint) => number | null): ChartSeries => ({
    name,
    color,
    points: downsample(
      tl.map((p): Point => [p.t, y(p)]),
      maxPoints,
    ),
  });
  const rate = (name: string, color: string, count: (p: TimelinePoint) => number): ChartSeries => ({
    name,
    color,
    points: downsample(
      tl.filter((p) => p.span >= MIN_RATE_SPAN).map((p): Point => [p.t, count(p) / p.span]),
      maxPoints,
    ),
  });

  const specs: ChartSpec[] = [
    {
      id: 'rps',
      title: 'Requests per second',
      unit: 'rate',
      description: 'Requests completed per second, and how many of them failed, over the run.',
      series: [rate('requests/s', 'rps', (p) => p.reqs), rate('failed/s', 'failed', (p) => p.failed)],
    },
    {
      id: 'latency',
      title: 'Latency percentiles',
      unit: 'ms',
      description:
        'http_req_duration p(50), p(90), p(95) and p(99) per second in milliseconds; gaps are seconds without a completed request.',
      series: [
        series('p(50)', 'p50', (p) => p.latency?.p50 ?? null),
        series('p(90)', 'p90', (p) => p.latency?.p90 ?? null),
        series('p(95)', 'p95', (p) => p.latency?.p95 ?? null),
        series('p(99)', 'p99', (p) => p.latency?.p99 ?? null),
      ],
    },
    {
      id: 'vus',
      title: 'Virtual users',
      unit: 'count',
      step: true,
      description: 'Active virtual users at the end of each second.',
      series: [series('VUs', 'vus', (p) => p.vus)],
    },
    {
      id: 'errors',
      title: 'Errors per second',
      unit: 'rate',
      description: 'Transport errors (timeouts, resets, refused connections…) and failed checks per second.',
      series: [rate('errors/s', 'errors', (p) => p.errors), rate('failed checks/s', 'checks', (p) => p.checksFail)],
    },
  ];
  if (summary.scenarios.some((s) => s.arrival) || tl.some((p) => p.scheduled > 0)) {
    specs.push({
      id: 'arrival',
      title: 'Arrival rate (open model)',
      unit: 'rate',
      description:
        'Iterations that came due (scheduled) versus those that started per second, and those dropped for lack of a free VU.',
      series: [
        rate('scheduled/s', 'scheduled', (p) => p.scheduled),
        rate('started/s', 'started', (p) => p.started),
        rate('dropped/s', 'dropped', (p) => p.dropped),
      ],
    });
  }
  if (tl.some((p) => p.grpc)) {
    specs.push(
      {
        id: 'grpc',
        title: 'gRPC calls per second',
        unit: 'rate',
        description:
          'Unary gRPC calls completed per second, those whose status was not OK, and streams run to their end.',
        series: [
          rate('calls/s', 'rps', (p) => p.grpc?.calls ?? 0),
          rate('failed/s', 'failed', (p) => p.grpc?.failed ?? 0),
          rate('streams/s', 'started', (p) => p.grpc?.streams ?? 0),
        ],
      },
      {
        id: 'grpc-latency',
        title: 'gRPC latency percentiles',
        unit: 'ms',
        description:
          'grpc_req_duration p(50), p(95) and p(99) per second in milliseconds; gaps are seconds without a completed call.',
        series: [
          series('p(50)', 'p50', (p) => p.grpc?.latency?.p50 ?? null),
          series('p(95)', 'p95', (p) => p.grpc?.latency?.p95 ?? null),
          series('p(99)', 'p99', (p) => p.grpc?.latency?.p99 ?? null),
        ],
      },
    );
  }
  if (tl.some((p) => p.ws)) {
    specs.push({
      id: 'ws',
      title: 'WebSocket sessions and messages per second',
      unit: 'rate',
      description:
        'WebSocket sessions opened, messages sent and received, and WebSocket errors (failed handshakes, timeouts, unexpected closes) per second.',
      series: [
        rate('sessions/s', 'vus', (p) => p.ws?.sessions ?? 0),
        rate('msgs sent/s', 'rps', (p) => p.ws?.msgsSent ?? 0),
        rate('msgs received/s', 'p50', (p) => p.ws?.msgsReceived ?? 0),
        rate('errors/s', 'errors', (p) => p.ws?.errors ?? 0),
      ],
    });
  }
  const marks = changeMarks(summary);
  return marks.length > 0 ? specs.map((spec) => ({ ...spec, marks })) : specs;
}

/** A mark per phase begun by a change: its second and what changed ("paused", "browse: 50 VUs"). */
function changeMarks(summary: Summary): ChartMark[] {
  return (summary.control?.phases ?? [])
    .filter((p) => p.changes.length > 0)
    .map((p) => ({ t: p.startMs / 1000, label: phaseCause(p) }));
}
