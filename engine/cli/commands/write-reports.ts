/**
 * Writing a run's reports: --summary-json (or - for stdout), --html and --junit. Each file is opened for writing
 * before a run starts, as --out's are (runtime/results/files.ts), so a long test never ends with nowhere to put its
 * report; a report that still cannot be written is named in one error after the others were written.
 */
import { open, rm, stat, writeFile } from 'node:fs/promises';
import type { Summary } from '../../metrics/summary.ts';
import { htmlReport } from '../../report/html/index.ts';
import { fileErrorText } from '../../runtime/results/files.ts';
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

/** Refuses, before anything runs, a report file that cannot be written (it is tried: see writeProblem). */
export async function checkWritable(files: Record<string, string | undefined>): Promise<void> {
  for (const [option, file] of Object.entries(files)) {
    if (file === undefined || file === '-') continue;
    const problem = await writeProblem(file);
    if (problem)
      throw new UsageError(`${option} ${file}: cannot write the report there: ${problem}; choose another file`);
  }
}

/**
 * Opens the file for writing without changing it: an existing file for appending (nothing is appended), a new one
 * is created and removed again. Any reason the system has (a missing directory, a part of the path that is a file,
 * no permission, a read-only or virtual file system) shows now rather than after the test. Devices and pipes
 * (/dev/stdout, a FIFO) are left alone: opening a FIFO with no reader would wait for one.
 */
async function writeProblem(file: string): Promise<string | undefined> {
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) return `${file} is a directory`;
  if (existing && !existing.isFile()) return undefined;
  try {
    await (await open(file, existing ? 'a' : 'wx')).close();
    if (!existing) await rm(file, { force: true });
    return undefined;
  } catch (e) {
    return fileErrorText(e as NodeJS.ErrnoException);
  }
}

/** One file to write: what it is (for messages), where (`-`: stdout), and its text. */
export interface ReportJob {
  what: string;
  file: string;
  render: () => string;
}

/** The HTML and JUnit reports of a run, for the files given. */
export function reportJobs(summary: Summary, files: ReportFiles): ReportJob[] {
  const jobs: ReportJob[] = [];
  if (files.html !== undefined) jobs.push({ what: 'HTML report', file: files.html, render: () => htmlReport(summary) });
  if (files.junit !== undefined)
    jobs.push({ what: 'JUnit XML', file: files.junit, render: () => junitReport(summary) });
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
      if (job.file === '-') {
        process.stdout.write(job.render());
        continue;
      }
      await writeFile(job.file, job.render());
      written.push(`${job.what}: ${job.file}`);
    } catch (e) {
      failed.push(`cannot write the ${job.what} to ${job.file}: ${(e as Error).message}`);
    }
  }
  if (failed.length > 0) throw new UsageError(failed.join('\n'));
  return written;
}
