/**
 * `loadsmith merge`: the summaries of execution segments (shards) made into the summary of the whole run, exactly:
 * counters summed, histograms merged (so percentiles are those of all requests), thresholds evaluated again on the
 * merged data, the per-second timelines merged by wall-clock time (merge-timeline.ts). The result carries a
 * merged `shard`, so it can itself be merged with further shards.
 */
import { compare, parseExecutionSegment } from '../base/segment.ts';
import { checkShards, MergeError, type NamedShard } from './merge-check.ts';
import { mergeTimelines } from './merge-timeline.ts';
import { encodeAggregate, mergeAggregates, type ShardData } from './shard.ts';
import { buildSummary, type StopReason, type Summary } from './summary.ts';
import { Thresholds } from './thresholds/evaluate.ts';

export interface ShardFile {
  source: string;
  summary: Summary & { shard: ShardData };
}

/** Worst first: one segment's failure is the merged run's. */
const STOP_ORDER: StopReason[] = ['error', 'setup', 'threshold', 'aborted', 'stopped', 'completed'];

export function mergeShards(files: readonly ShardFile[], version: string): { summary: Summary; warnings: string[] } {
  const named: NamedShard[] = files.map((f) => ({ source: f.source, shard: f.summary.shard }));
  const warnings = checkShards(named);
  for (const f of files) {
    if (f.summary.shard.seconds.length !== f.summary.timeline.length) {
      throw new MergeError(
        `${f.source}: its timeline has ${f.summary.timeline.length} points but its shard ${f.summary.shard.seconds.length} per-second histograms: the file was edited or truncated; write it again with loadsmith run --segment`,
      );
    }
  }
  const first = (files[0] as ShardFile).summary;
  const shard = first.shard;
  const starts = files.map((f) => Date.parse(f.summary.startedAt));
  const startMs = Math.min(...starts);
  const endMs = Math.max(...files.map((f, i) => (starts[i] as number) + f.summary.durationMs));
  const durationMs = endMs - startMs;

  const agg = mergeAggregates(files.map((f) => f.summary.shard.aggregate));
  const { timeline, seconds } = mergeTimelines(
    files.map((f, i) => ({
      startMs: starts[i] as number,
      timeline: f.summary.timeline,
      seconds: f.summary.shard.seconds,
    })),
    startMs,
    durationMs,
  );
  const thresholds = new Thresholds(shard.thresholds, shard.customTags).evaluate(agg, {
    elapsedS: durationMs / 1000,
    vus: timeline.at(-1)?.vus ?? 0,
    vusMax: shard.vusMax,
  });
  const stoppedBy = STOP_ORDER.find((r) => files.some((f) => f.summary.stoppedBy === r)) ?? 'completed';
  const segments = named
    .flatMap((s) => s.shard.segments)
    .sort((a, b) => compare(parseExecutionSegment(a).from, parseExecutionSegment(b).from));
  const notes = [
    `merged from ${files.length} shard file${files.length === 1 ? '' : 's'} (segment${segments.length === 1 ? '' : 's'} ${segments.join(', ')} of ${shard.sequence}); per-second points aligned by wall-clock time to the second`,
    ...warnings,
    ...files.flatMap((f) =>
      f.summary.notes
        .filter((n) => !n.startsWith('merged from ') && !n.startsWith('execution segment '))
        .map((n) => `${f.summary.shard.segments.join(', ')}: ${n}`),
    ),
  ];
  const summary = buildSummary({
    agg,
    thresholds,
    timeline,
    // The plan's schedule is the merged run's target only when the shards cover all of it.
    scenarios: warnings.length === 0 ? shard.scenarios : shard.scenarios.map(({ planned: _, ...s }) => s),
    plan: first.plan,
    startedAt: new Date(startMs),
    durationMs,
    stoppedBy,
    vusMax: shard.vusMax,
    workers: files.reduce((n, f) => n + f.summary.generator.workers, 0),
    cpus: files.reduce((n, f) => n + f.summary.generator.cpus, 0),
    version,
    notes,
    trendStats: first.summaryTrendStats,
  });
  summary.shard = { ...shard, segments, aggregate: encodeAggregate(agg), seconds };
  return { summary, warnings };
}
