/**
 * The summary notes about raw results, from what each worker reported when it closed its files: write errors
 * (with the number of rows missing), files with fewer rows than requests counted (a worker that was terminated
 * or failed), and the time VUs waited because the disk could not keep up. Silence means every row is there.
 */
import type { ResultOutput } from '../prepare.ts';
import type { WriterStats } from './append-writer.ts';

export function resultNotes(
  outputs: readonly ResultOutput[],
  reported: readonly WriterStats[],
  httpReqs: number,
): string[] {
  const notes: string[] = [];
  for (const { path } of outputs) {
    const mine = reported.filter((s) => s.path === path);
    const rows = sum(mine, (s) => s.rows);
    const lost = sum(mine, (s) => s.lost);
    const waits = sum(mine, (s) => s.waits);
    const error = mine.find((s) => s.error !== undefined)?.error;
    if (error !== undefined) {
      notes.push(
        `raw results ${path}: writing failed (${error}); ${lost} of ${rows + lost} rows are missing from the file`,
      );
    } else if (rows !== httpReqs) {
      notes.push(
        `raw results ${path}: ${rows} rows written for ${httpReqs} requests counted (a worker stopped before closing the file)`,
      );
    }
    if (waits > 0) {
      const s = (sum(mine, (x) => x.waitedMs) / 1000).toFixed(1);
      notes.push(
        `raw results ${path}: the disk did not keep up; VUs waited ${waits} times (${s} s in all) before their next request`,
      );
    }
  }
  return notes;
}

function sum<T>(xs: readonly T[], f: (x: T) => number): number {
  let n = 0;
  for (const x of xs) n += f(x);
  return n;
}
