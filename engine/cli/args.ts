/** The options of `run` (and `demo`) checked and converted, and the checks other commands share. */
import { DURATION_LIMIT_HINT, MAX_DURATION_MS, parseDuration } from '../base/duration.ts';
import type { SegmentSpec } from '../base/segment-tuple.ts';
import { parseTrendStat, TREND_STAT_HINT } from '../base/trend-stats.ts';
import {
  OutputConfigError,
  STREAM_KINDS,
  streamOutput,
  withoutPassword,
  type StreamOutput,
} from '../outputs/config.ts';
import type { ResultOutput } from '../runtime/prepare.ts';
import { parseControlAddress } from './control/address.ts';
import { parse } from './parser.ts';
import { segmentRunArgs } from './segment-args.ts';
import { demoSpec } from './specs/demo.ts';
import { runSpec } from './specs/run.ts';
export { parseStartAt } from './segment-args.ts';
import { UsageError } from './usage.ts';

export interface RunArgs {
  plan: string | undefined;
  vus: number | undefined;
  duration: string | undefined;
  iterations: number | undefined;
  /** --rate R: iterations per second per scenario (the open model). */
  rate: number | undefined;
  env: Record<string, string>;
  summaryJson: string | undefined;
  /** --summary-trend-stats avg,med,p(99.9),count: the trend statistics the summary shows (k6's option). */
  summaryTrendStats: string[] | undefined;
  workers: number | undefined;
  quiet: boolean;
  color: boolean | undefined;
  /** Raw results per request: --out ndjson=FILE, --out csv=FILE. */
  outputs: ResultOutput[];
  /** Metrics streamed while running: --out prometheus-rw=URL, influxdb=URL, influxdb2=URL, otlp=URL. */
  streams: StreamOutput[];
  html: string | undefined;
  junit: string | undefined;
  /** --repeat N: run the plan N times; undefined: once. */
  repeat: number | undefined;
  /** --pause D between repeats, in milliseconds. */
  pauseMs: number;
  /** --segment i/N or --execution-segment [--execution-segment-sequence]: run only this part of the plan. */
  segment: SegmentSpec | undefined;
  /** --shard-log: print the shard as one log line, and leave the thresholds' verdict to `merge`. */
  shardLog: boolean;
  /** --start-at TIME: wall-clock start (epoch ms), so that segments on several machines start together. */
  startAt: number | undefined;
  /** --ignore-hangup: keep running when the terminal closes (SIGHUP) or the parent process goes away. */
  ignoreHangup: boolean;
  /** Where mid-run control listens (--control; default 127.0.0.1, a free port); undefined with --no-control. */
  control: { host: string; port: number } | undefined;
  /** --control was given (an address that cannot be used is then an error, not a warning). */
  controlGiven: boolean;
}

/** The pause between repeats when --pause is not given. */
export const DEFAULT_PAUSE_MS = 10_000;
const OUT_FORMATS: readonly ResultOutput['format'][] = ['ndjson', 'csv'];

/** `run`'s command line (`demo`'s when no plan is required), checked: every mistake is a UsageError. */
export function parseRunArgs(argv: readonly string[], planRequired: boolean): RunArgs {
  const { values, positionals } = parse(argv, planRequired ? runSpec : demoSpec);
  if (planRequired && positionals.length !== 1)
    throw new UsageError(
      positionals.length === 0
        ? 'missing the plan file: loadsmith run <plan.yaml>'
        : `expected one plan file, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  if (!planRequired && positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (values.duration !== undefined && (parseDuration(values.duration) ?? 0) <= 0)
    throw new UsageError(`--duration: '${values.duration}' is not a duration such as 30s or 1m30s`);
  if (values.duration !== undefined) cliDuration('--duration', values.duration);
  const pauseMs = values.pause === undefined ? DEFAULT_PAUSE_MS : parseDuration(values.pause);
  if (pauseMs === undefined) throw new UsageError(`--pause: '${values.pause}' is not a duration such as 10s or 0s`);
  if (values.pause !== undefined) cliDuration('--pause', values.pause);
  if (values.pause !== undefined && values.repeat === undefined)
    throw new UsageError('--pause is the pause between repeats: use it with --repeat N');
  for (const [name, v] of [
    ['--html', values.html],
    ['--junit', values.junit],
  ] as const) {
    if (v === '' || v === '-')
      throw new UsageError(
        `${name}: give a file name to write the report to (e.g. ${name} report.${name === '--html' ? 'html' : 'xml'})`,
      );
  }
  return {
    plan: positionals[0],
    vus: positiveInt('--vus', values.vus),
    duration: values.duration,
    iterations: positiveInt('--iterations', values.iterations),
    rate: positiveNumber('--rate', values.rate),
    env: parseEnv(values.env ?? []),
    summaryJson: values['summary-json'],
    summaryTrendStats: trendStatsOption(values['summary-trend-stats']),
    workers: positiveInt('--workers', values.workers),
    quiet: values.quiet ?? false,
    color: values.color,
    ...parseOuts(values.out ?? []),
    html: values.html,
    junit: values.junit,
    repeat: positiveInt('--repeat', values.repeat),
    pauseMs,
    ignoreHangup: values['ignore-hangup'] ?? false,
    control: values['no-control'] ? undefined : parseControlAddress(values.control ?? '127.0.0.1:0'),
    controlGiven: values.control !== undefined && !values['no-control'],
    ...segmentRunArgs(values),
  };
}

/** Every `--out`: raw-results files and metric streams. */
export function parseOuts(list: readonly string[]): { outputs: ResultOutput[]; streams: StreamOutput[] } {
  const isStream = (item: string): boolean =>
    (STREAM_KINDS as readonly string[]).includes(item.slice(0, Math.max(0, item.indexOf('='))));
  return { outputs: parseOutputs(list.filter((i) => !isStream(i))), streams: parseStreams(list.filter(isStream)) };
}

/** `--out prometheus-rw=URL` (and influxdb, influxdb2, otlp), repeatable; one stream per URL. */
export function parseStreams(list: readonly string[]): StreamOutput[] {
  const streams: StreamOutput[] = [];
  for (const item of list) {
    const eq = item.indexOf('=');
    let s: StreamOutput;
    try {
      s = streamOutput(item.slice(0, eq), item.slice(eq + 1));
    } catch (e) {
      // The item is echoed without a password it may carry (CI logs keep stderr).
      if (e instanceof OutputConfigError) throw new UsageError(`--out '${withoutPassword(item)}': ${e.message}`);
      throw e;
    }
    if (streams.some((o) => o.kind === s.kind && o.url === s.url)) throw new UsageError(`--out '${item}': given twice`);
    streams.push(s);
  }
  return streams;
}

/** `--out ndjson=FILE` / `--out csv=FILE`, repeatable; one file per output. */
export function parseOutputs(list: readonly string[]): ResultOutput[] {
  const outputs: ResultOutput[] = [];
  for (const item of list) {
    const eq = item.indexOf('=');
    const format = eq < 0 ? item : item.slice(0, eq);
    const path = eq < 0 ? '' : item.slice(eq + 1);
    if (!OUT_FORMATS.includes(format as ResultOutput['format'])) {
      const streamHint = (STREAM_KINDS as readonly string[]).includes(format)
        ? `; write --out ${format}=URL`
        : `; write --out ndjson=FILE or --out csv=FILE, or stream metrics with --out ${STREAM_KINDS.join('|')}=URL`;
      throw new UsageError(
        `--out '${item}': ${(STREAM_KINDS as readonly string[]).includes(format) ? `missing the URL of ${format}` : `unknown format '${format}'`}${streamHint}`,
      );
    }
    if (path === '')
      throw new UsageError(
        `--out '${item}': missing the file; write --out ${format}=FILE (e.g. --out ${format}=results.${format})`,
      );
    if (path === '-')
      throw new UsageError(
        `--out '${item}': raw results go to a file, not to stdout; write --out ${format}=results.${format}`,
      );
    if (outputs.some((o) => o.path === path))
      throw new UsageError(
        `--out '${item}': ${path} is already the file of another --out; give each output its own file`,
      );
    outputs.push({ format: format as ResultOutput['format'], path });
  }
  return outputs;
}

/** A --port value: `fallback` when not given. */
export function parsePort(text: string | undefined, fallback: number): number {
  const port = text === undefined ? fallback : Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port: '${text}' is not a port number (0-65535)`);
  return port;
}

/** A duration option in milliseconds: refused when it is not a duration, or longer than plans allow. */
export function cliDuration(name: string, text: string): number {
  const ms = parseDuration(text);
  if (ms === undefined) throw new UsageError(`${name}: '${text}' is not a duration such as 10s or 1m30s`);
  if (ms > MAX_DURATION_MS) throw new UsageError(`${name}: '${text}': expected ${DURATION_LIMIT_HINT}`);
  return ms;
}

/** `avg,min,med,max,p(90),p(95),p(99.9),count` (k6's --summary-trend-stats): every name checked. */
function trendStatsOption(v: string | undefined): string[] | undefined {
  if (v === undefined) return undefined;
  const names = v.split(',').map((n) => n.trim());
  if (names.every((n) => n === ''))
    throw new UsageError(
      `--summary-trend-stats: give the statistics to show, e.g. --summary-trend-stats 'avg,med,p(95),p(99.9),count'`,
    );
  for (const n of names) {
    if (!parseTrendStat(n))
      throw new UsageError(
        `--summary-trend-stats: '${n}' is not a statistic; ${TREND_STAT_HINT} (quote the list in a shell: 'avg,p(99.9)')`,
      );
  }
  return names;
}

function positiveInt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name}: '${v}' is not a whole number of at least 1`);
  return n;
}

function positiveNumber(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0)
    throw new UsageError(`${name}: '${v}' is not a positive number (iterations per second)`);
  return n;
}

/** Repeated `-e KEY=VALUE`, split at the first `=`; a later KEY replaces an earlier one. */
export function parseEnv(list: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const item of list) {
    const eq = item.indexOf('=');
    if (eq <= 0) throw new UsageError(`--env: '${item}' should be KEY=VALUE`);
    env[item.slice(0, eq)] = item.slice(eq + 1);
  }
  return env;
}
