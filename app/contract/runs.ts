/** runs.*: start plans through the engine, follow them live (events), keep their history. */
import { z } from 'zod';
import type { Summary } from 'loadsmith/metrics';
import type { ControlEvent, ControlState, RunInfo, Tick } from 'loadsmith';
import { StreamOutput, streamOutput } from 'loadsmith/outputs';
import { Id, IsoTime, RunOverrides } from './common.ts';

/**
 * `stopped`: stopped gracefully by the user (Stop, Ctrl-C); `aborted`: stopped at once (Abort, a second Ctrl-C).
 * `interrupted`: the app stopped while the run was going, and nothing could be summed up (no second was stored);
 * `partial`: such a run whose summary was rebuilt from its stored seconds (`summary.partial` says what is not known).
 */
export const RUN_STATUSES = ['running', 'passed', 'failed', 'stopped', 'aborted', 'interrupted', 'partial'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Engine data (summary, tick, run info): checked for its shape markers, typed by the engine's own types. */
export const SummaryData = z.custom<Summary>(
  (v) => isRecord(v) && v.version === 1 && typeof v._total === 'number' && isRecord(v.metrics),
  { error: 'not a run summary' },
);
export const TickData = z.custom<Tick>(
  (v) => isRecord(v) && typeof v.t === 'number' && typeof v.reqs === 'number' && isRecord(v.totals) && isRecord(v.live),
  { error: 'not a run tick' },
);
/**
 * A stored per-second point: a tick without its live totals (the summary has the final ones). Past 2,048 points a
 * point covers several seconds (`span`). runs.samples leaves out `durationHistogram`.
 */
export type StoredTick = Omit<Tick, 'live'>;
export const SampleData = z.custom<StoredTick>(
  (v) => isRecord(v) && typeof v.t === 'number' && typeof v.reqs === 'number' && isRecord(v.totals),
  { error: 'not a run sample' },
);
export const RunInfoData = z.custom<RunInfo>(
  (v) => isRecord(v) && typeof v.plan === 'string' && Array.isArray(v.scenarios),
  { error: 'not run info' },
);

/** The numbers a run list shows. */
export const RunLabel = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[\w .:+-]+$/, { error: 'labels use letters, digits, spaces and . : + - _' });

export const RunKeyNumbers = z.object({
  requests: z.number(),
  rps: z.number(),
  p95: z.number(),
  p99: z.number(),
  failedRate: z.number(),
  checksRate: z.number().nullable(),
  thresholdsPassed: z.int(),
  thresholdsFailed: z.int(),
});

export const RunRow = z.object({
  id: Id,
  planId: Id.nullable(),
  planName: z.string(),
  environment: z.string().nullable(),
  /** A series tag (e.g. "http2"): repeats of one configuration, compared as mean ± sd. */
  label: z.string().nullable(),
  status: RunStatus,
  startedAt: IsoTime,
  endedAt: IsoTime.nullable(),
  durationMs: z.number().nullable(),
  overrides: RunOverrides,
  key: RunKeyNumbers.nullable(),
  /** Why it failed to start or ended in error, when it did. */
  error: z.string().nullable(),
});
export type RunRow = z.infer<typeof RunRow>;

export const RunDetail = RunRow.extend({
  summary: SummaryData.nullable(),
  info: RunInfoData.nullable(),
  /** The plan exactly as it ran. */
  plan: z.unknown(),
});
export type RunDetail = z.infer<typeof RunDetail>;

/**
 * A metrics stream for a run (Prometheus remote write, InfluxDB, OTLP): its URL checked as the CLI's `--out`.
 * Credentials come from the run's environment (secret variables such as LOADSMITH_PROMETHEUS_TOKEN), never from here.
 */
export const RunStream = StreamOutput.superRefine((o, ctx) => {
  try {
    streamOutput(o.kind, o.url);
  } catch (e) {
    ctx.addIssue({ code: 'custom', message: (e as Error).message, path: ['url'] });
  }
});

/**
 * Mid-run control's answer: the changes made (each applies at its `atMs`, a whole second of test time; none when
 * nothing changed, e.g. pausing a paused run) and the run's control state after them.
 */
export const RunControlResult = z.object({
  events: z.array(
    z.custom<ControlEvent>((v) => isRecord(v) && typeof v.kind === 'string' && typeof v.atMs === 'number', {
      error: 'not a control event',
    }),
  ),
  state: z.custom<ControlState>((v) => isRecord(v) && typeof v.paused === 'boolean' && isRecord(v.targets), {
    error: 'not a control state',
  }),
});
export type RunControlResult = z.infer<typeof RunControlResult>;

/** A scale: VUs (closed model) or iterations per second (open model), for one scenario or each one it fits. */
export const RunScaleParams = z
  .strictObject({
    id: Id,
    scenario: z.string().min(1).max(256).optional(),
    vus: z.int().min(0).max(1_000_000).optional(),
    rate: z.number().min(0).max(1_000_000).optional(),
  })
  .refine((p) => (p.vus === undefined) !== (p.rate === undefined), { error: 'give either vus or rate' });

export const runMethods = {
  'runs.start': {
    params: z.strictObject({
      planId: Id,
      environmentId: Id.optional(),
      overrides: RunOverrides.optional(),
      label: RunLabel.optional(),
      outputs: z.array(RunStream).max(4).optional(),
    }),
    result: RunRow,
  },
  'runs.label': { params: z.strictObject({ id: Id, label: RunLabel.nullable() }), result: RunRow },
  'runs.stop': {
    params: z.strictObject({ id: Id, mode: z.enum(['graceful', 'abort']).optional() }),
    result: z.object({ stopping: z.boolean() }),
  },
  /** Pause a running run from the next whole second: no new iterations; running ones finish. `conflict` when refused. */
  'runs.pause': { params: z.strictObject({ id: Id }), result: RunControlResult },
  /** Resume a paused run at its current targets. */
  'runs.resume': { params: z.strictObject({ id: Id }), result: RunControlResult },
  /** Set a scenario's VUs or rate to its end; refused (`conflict`, with the reason) for a segment or an iteration executor. */
  'runs.scale': { params: RunScaleParams, result: RunControlResult },
  'runs.list': {
    params: z.strictObject({ planId: Id.optional(), limit: z.int().min(1).max(10_000).optional() }),
    result: z.array(RunRow),
  },
  /** The summary's per-second `timeline` is left empty here: runs.samples has those points, runs.export the whole summary. */
  'runs.get': { params: z.strictObject({ id: Id }), result: RunDetail },
  /** Every stored per-second point of a run, enough to redraw its charts. */
  'runs.samples': { params: z.strictObject({ id: Id }), result: z.array(SampleData) },
  /** The run as a file: its summary JSON (with the per-second series), or the single-file HTML report. */
  'runs.export': {
    params: z.strictObject({ id: Id, format: z.enum(['json', 'html']) }),
    result: z.object({ fileName: z.string(), text: z.string() }),
  },
  'runs.delete': { params: z.strictObject({ id: Id }), result: z.strictObject({ deleted: z.boolean() }) },
} as const;

export const runEvents = {
  'run.started': z.object({ runId: Id, info: RunInfoData }),
  'run.tick': z.object({ runId: Id, tick: TickData }),
  /** A mid-run change was made (by any window): it applies at its events' `atMs`. */
  'run.control': z.object({ runId: Id, result: RunControlResult }),
  'run.done': z.object({ runId: Id, run: RunRow }),
} as const;
