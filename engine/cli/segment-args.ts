/**
 * The execution segment of `run`: `--segment i/N` (the i-th of N equal parts, numbered from 1: `1/4` is the first
 * quarter, k6's `0:1/4`), or k6's own `--execution-segment FROM:TO` with an optional
 * `--execution-segment-sequence 0,A,B,...,1`; with it `--shard-log` and `--start-at`. Every mistake is a UsageError
 * naming the option.
 */
import { MAX_DURATION_MS } from '../base/duration.ts';
import { parseExecutionSegment, parseSegmentSequence, segmentOfN, SegmentError } from '../base/segment.ts';
import { SegmentTuple, type SegmentSpec } from '../base/segment-tuple.ts';
import { UsageError } from './usage.ts';

export interface SegmentOptions {
  segment?: string | undefined;
  executionSegment?: string | undefined;
  executionSegmentSequence?: string | undefined;
}

export function parseSegmentArgs(o: SegmentOptions): SegmentSpec | undefined {
  if (o.segment !== undefined && (o.executionSegment !== undefined || o.executionSegmentSequence !== undefined)) {
    throw new UsageError(
      '--segment i/N already sets the segment and its sequence: leave out --execution-segment and --execution-segment-sequence (or use only those)',
    );
  }
  if (o.segment !== undefined) {
    const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(o.segment);
    if (!m)
      throw new UsageError(
        `--segment: '${o.segment}' is not i/N, the i-th of N equal parts (e.g. --segment 1/4 ... --segment 4/4); for k6's from:to form use --execution-segment`,
      );
    return attempt('--segment', o.segment, () => {
      const { segment, sequence } = segmentOfN(Number(m[1]), Number(m[2]));
      return SegmentTuple.of(segment, sequence).spec;
    });
  }
  if (o.executionSegmentSequence !== undefined && o.executionSegment === undefined) {
    throw new UsageError(
      '--execution-segment-sequence needs --execution-segment FROM:TO: which segment of the sequence should this run be?',
    );
  }
  if (o.executionSegment === undefined) return undefined;
  const segmentText = o.executionSegment;
  const seg = attempt('--execution-segment', segmentText, () => parseExecutionSegment(segmentText));
  const sequenceText = o.executionSegmentSequence;
  const sequence =
    sequenceText === undefined
      ? undefined
      : attempt('--execution-segment-sequence', sequenceText, () => parseSegmentSequence(sequenceText));
  return attempt('--execution-segment', segmentText, () => SegmentTuple.of(seg, sequence).spec);
}

function attempt<T>(option: string, value: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof SegmentError) throw new UsageError(`${option} '${value}': ${e.message}`);
    throw e;
  }
}

/** The segment options of `run`, checked together and against --repeat. */
export function segmentRunArgs(values: {
  segment?: string | undefined;
  'execution-segment'?: string | undefined;
  'execution-segment-sequence'?: string | undefined;
  'shard-log'?: boolean | undefined;
  'start-at'?: string | undefined;
  repeat?: string | undefined;
}): { segment: SegmentSpec | undefined; shardLog: boolean; startAt: number | undefined } {
  const segment = parseSegmentArgs({
    segment: values.segment,
    executionSegment: values['execution-segment'],
    executionSegmentSequence: values['execution-segment-sequence'],
  });
  if (segment && values.repeat !== undefined)
    throw new UsageError(
      "--repeat and --segment cannot be combined: a segment is one part of one run (run each repeat's segments and merge them)",
    );
  if (values['shard-log'] && !segment)
    throw new UsageError('--shard-log prints the shard of a segment: use it with --segment i/N');
  if (values['start-at'] !== undefined && values.repeat !== undefined)
    throw new UsageError(
      '--start-at and --repeat cannot be combined: --start-at starts one run (or segment) at a set time',
    );
  const startAt = values['start-at'] === undefined ? undefined : parseStartAt(values['start-at']);
  return { segment, shardLog: values['shard-log'] ?? false, startAt };
}

/** An ISO 8601 time with a zone (2025-03-01T10:00:00Z) or Unix seconds. */
export function parseStartAt(text: string): number {
  const t = /^\d+(\.\d+)?$/.test(text)
    ? Number(text) * 1000
    : /(Z|[+-]\d\d:?\d\d)$/i.test(text)
      ? Date.parse(text)
      : NaN;
  if (!Number.isFinite(t))
    throw new UsageError(
      `--start-at: '${text}' is not a time with its zone, such as 2025-03-01T10:00:00Z, or Unix seconds`,
    );
  if (t - Date.now() > MAX_DURATION_MS)
    throw new UsageError(
      `--start-at: '${text}' is more than 720h (30 days) from now${/^\d{13,}/.test(text) ? ' (Unix seconds are expected, not milliseconds)' : ''}; give a time within 30 days`,
    );
  return t;
}
