/**
 * `loadsmith merge <shard...> [-o run.json] [--html FILE] [--junit FILE]`: the shards of a distributed run (one per
 * execution segment: `run --segment i/N --summary-json FILE`, or logs with `--shard-log` lines) merged into the
 * summary of the whole run — exactly (metrics/merge.ts) — with the thresholds evaluated again on the merged data.
 * Prints the text summary and exits like `run`: 0 passed, 99 a threshold failed (103/105 when a segment failed or
 * was stopped); 1 when the shards cannot be merged (other plans or sequences, overlapping segments).
 */
import { MergeError } from '../../metrics/merge-check.ts';
import { mergeShards } from '../../metrics/merge.ts';
import type { Summary } from '../../metrics/summary.ts';
import { useColor } from '../../report/format.ts';
import { textSummary } from '../../report/text-summary.ts';
import { VERSION } from '../../version.ts';
import { parse } from '../parser.ts';
import { mergeSpec } from '../specs/reports.ts';
import { exitCode } from '../exit-code.ts';
import { readShardFiles } from '../shard-file.ts';
import { UsageError } from '../usage.ts';
import { checkWritable, jsonJob, reportJobs, writeAll } from './write-reports.ts';

export async function mergeCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parse(argv, mergeSpec);
  if (positionals.length === 0)
    throw new UsageError(
      'missing the shard files: loadsmith merge <shard.json...> [-o run.json] [--html FILE] [--junit FILE]',
    );
  for (const [name, v] of [
    ['--html', values.html],
    ['--junit', values.junit],
    ['-o', values.output],
  ] as const) {
    if (v === '' || (v === '-' && name !== '-o')) throw new UsageError(`${name}: give a file name to write to`);
  }
  await checkWritable({ '-o': values.output, '--html': values.html, '--junit': values.junit });
  const shards = await readShardFiles(positionals);
  let merged: { summary: Summary; warnings: string[] };
  try {
    merged = mergeShards(shards, VERSION);
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(e.message);
    if (e instanceof Error && e.message.startsWith('Invalid encoded histogram'))
      throw new UsageError(
        `a shard holds a damaged histogram (${e.message}); write it again with loadsmith run --segment`,
      );
    throw e;
  }
  const { summary, warnings } = merged;
  const textOut = values.output === '-' ? process.stderr : process.stdout;
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
  if (!values.quiet) {
    const color = values.color ?? useColor(textOut);
    textOut.write(`${textSummary(summary, { color })}\n`);
  }
  const jobs = reportJobs(summary, { html: values.html, junit: values.junit });
  if (values.output !== undefined) jobs.unshift(jsonJob('merged summary JSON', values.output, summary));
  const written = await writeAll(jobs);
  if (written.length > 0) textOut.write(`${written.map((l) => `  ${l}`).join('\n')}\n\n`);
  return exitCode(summary);
}
