/**
 * What `run` does differently for an execution segment: warnings before it starts, waiting for --start-at (so that
 * segments on several machines start together without a coordinator), and at the end the shard log line and
 * exit code of --shard-log.
 */
import type { Summary } from '../../metrics/summary.ts';
import { formatDuration } from '../../base/duration.ts';
import type { RunArgs } from '../args.ts';
import { exitCode } from '../exit-code.ts';
import type { Interrupts } from '../interrupts.ts';
import { shardLogLine } from '../shard-log.ts';
import { EXIT } from '../usage.ts';

/** A start more than this late is noted in the summary (the segments did not start together). */
const LATE_MS = 1000;

export function segmentWarnings(args: Pick<RunArgs, 'segment' | 'summaryJson' | 'shardLog'>): string[] {
  if (!args.segment || args.summaryJson !== undefined || args.shardLog) return [];
  return [
    `--segment without --summary-json FILE (or --shard-log): this segment's shard will not be written, so 'loadsmith merge' cannot use it`,
  ];
}

/** Waits until `at` (epoch ms), or less on Ctrl-C; returns a note when the time had already passed. */
export async function waitForStart(at: number, interrupts: Interrupts, quiet: boolean): Promise<string | undefined> {
  const wait = at - Date.now();
  if (wait <= 0) {
    return -wait > LATE_MS
      ? `started ${formatDuration(-wait)} after --start-at ${new Date(at).toISOString()} (the time had passed): segments that started on time ran ahead of this one`
      : undefined;
  }
  if (!quiet)
    process.stderr.write(
      `  waiting ${formatDuration(wait)} for --start-at ${new Date(at).toISOString()} (Ctrl-C cancels)\n`,
    );
  await interrupts.pause(wait);
  return undefined;
}

/**
 * With --shard-log, the shard goes to stdout as one line (for `kubectl logs`), and a failed threshold exits 0: the
 * verdict is the merged run's (`loadsmith merge` exits 99), and a pod exiting 99 would fail the whole Job.
 */
export function endSegment(summary: Summary, shardLog: boolean): number {
  const code = exitCode(summary);
  if (!shardLog) return code;
  process.stdout.write(`${shardLogLine(summary)}\n`);
  return code === EXIT.thresholdsFailed
    ? summary.stoppedBy === 'error'
      ? EXIT.engineError
      : summary.stoppedBy === 'completed' || summary.stoppedBy === 'threshold'
        ? EXIT.passed
        : EXIT.interrupted
    : code;
}
