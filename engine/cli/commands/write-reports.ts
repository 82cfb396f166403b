/**
 * Writing a run's reports: --summary-json (or - for stdout), --html and --junit. Their directories are checked
 * before a run starts, so a long test never ends with nowhere to put its report; a report that still cannot be
 * written is named in one error after the others were written.
 */
import { constants } from 'node:fs';
import { access, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Summary } from '../../metrics/summary.ts';
import { htmlReport } from '../../report/html/index.ts';
import { junitReport } from '../../report/junit/index.ts';
import { UsageError } from '../usage.ts';

export interface ReportFiles {
  html?: string | undefined;
  junit?: string | undefined;
}

/** `report.html` -> `report-2.html` (the file of repeat 2); `out` -> `out-2`. */
export function numbered(path: string, n: number): string {
  const m = /^(.*[^/\\])(\.[^./\\]+)$/.exec(path);
  return m ? `${m[1]}-${n}${m[2]}` : `${path}-${n}`;
}

/** Refuses, before anything runs, a report file whose directory is missing or not writable, or that is a directory. */
export async function checkWritable(files: Record<string, string | undefined>): Promise<void> {
  for (const [option, file] of Object.entries(files)) {
    if (file === undefined || file === '-') continue;
    const dir = dirname(resolve(file));
    const problem = await access(dir, constants.W_OK).then(() => undefined, (e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? `the directory ${dir} does not exist` : `the directory ${dir} is not writable`))
      ?? await stat(file).then((s) => (s.isDirectory() ? `${file} is a directory` : undefined), () => undefined);
    if (problem) throw new UsageError(`${option} ${file}: cannot write the report there: ${problem}; choose another file`);
  }
}

/** One file to write: what it is (for messages), where (`-`: stdout), and its text. */
export interface ReportJob { what: string; file: string; render: () => string }

/** The HTML and JUnit reports of a run, for the files given. */
export function reportJobs(summary: Summary, files: ReportFiles): ReportJob[] {
  const jobs: ReportJob[] = [];
  if (files.html !== undefined) jobs.push({ what: 'HTML report', file: files.html, render: () => htmlReport(summary) });
  if (files.junit !== undefined) jobs.push({ what: 'JUnit XML', file: files.junit, render: () => junitReport(summary) });
  return jobs;
}

/** A JSON document (the summary), pretty-printed. */
export function jsonJob(what: string, file: string, value: unknown): ReportJob {
  return { what, file, render: () => `${JSON.stringify(value, null, 2)}\n` };
}

/**
 * Writes every job, even after one failed; returns a line per file written (stdout gets the text itself).
 * Failures are reported together as one usage error: a path the user gave cannot be written.
 */
export async function writeAll(jobs: readonly ReportJob[]): Promise<string[]> {
  const written: string[] = [];
  const failed: string[] = [];
  for (const job of jobs) {
    try {
      if (job.file === '-') { process.stdout.write(job.render()); continue; }
      await writeFile(job.file, job.render());
      written.push(`${job.what}: ${job.file}`);
    } catch (e) {
      failed.push(`cannot write the ${job.what} to ${job.file}: ${(e as Error).message}`);
    }
  }
  if (failed.length > 0) throw new UsageError(failed.join('\n'));
  return written;
}
