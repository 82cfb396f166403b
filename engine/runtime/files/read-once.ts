/**
 * The files of one run (or one validation), read once each and capped in total. A plan can name the same file many
 * times (a feeder per column, the same body on every step) and many files each under the per-file limit: read again
 * each time, or all kept, they add up with no bound, and every worker thread gets a copy of each.
 */
import { posix } from 'node:path';
import { PlanFileError } from './errors.ts';
import type { PlanFile, PlanFileSource } from './plan-files.ts';

/** Default limit of all the files one plan reads together (each file also has its own: read-bounded.ts). */
export const DEFAULT_MAX_PLAN_FILES_BYTES = 200 * 1024 * 1024;

/** The limit from `LOADSMITH_MAX_PLAN_FILES_MB` when it is a positive number, else DEFAULT_MAX_PLAN_FILES_BYTES. */
export function maxPlanFilesBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const mb = Number(env.LOADSMITH_MAX_PLAN_FILES_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.floor(mb * 1024 * 1024) : DEFAULT_MAX_PLAN_FILES_BYTES;
}

/**
 * `source`, remembering each file it read (by its path as written, `./a.csv` and `a.csv` alike; the same file under
 * another spelling counts once in the total) and refusing the file that takes the total past `limit`.
 */
export function readOnce(source: PlanFileSource, limit = maxPlanFilesBytes()): PlanFileSource {
  const reads = new Map<string, Promise<PlanFile>>();
  const sizes = new Map<string, number>();
  let total = 0;
  const count = (file: PlanFile): PlanFile => {
    if (sizes.has(file.shown)) return file;
    if (total + file.bytes.length > limit)
      throw new PlanFileError(
        `${file.shown} takes the files this plan reads to ${mb(total + file.bytes.length)}, more than the limit of ${mb(limit)} for one plan (each is read whole, and every worker gets a copy): read fewer or smaller files, or raise the limit with LOADSMITH_MAX_PLAN_FILES_MB`,
      );
    sizes.set(file.shown, file.bytes.length);
    total += file.bytes.length;
    return file;
  };
  return {
    read(path, use) {
      const key = posix.normalize(path);
      let read = reads.get(key);
      if (read === undefined) {
        read = source.read(path, use).then(count);
        reads.set(key, read);
      }
      return read;
    },
  };
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
