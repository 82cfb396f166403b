/**
 * The coordinator's side of raw results: before any worker starts, each output file is created (or truncated)
 * and gets its header, so a path that cannot be written is refused before the run, with its name. Workers then
 * only append. Relative paths are resolved against the current directory (as a command-line path is).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileHeader } from './format.ts';
import type { ResultOutput } from '../prepare.ts';

/** A raw-results file cannot be written; the run did not start. */
export class ResultOutputError extends Error {
  readonly path: string;
  constructor(path: string, message: string) {
    super(message);
    this.name = 'ResultOutputError';
    this.path = path;
  }
}

/** Creates every output file; returns them with absolute paths, for the workers. */
export async function createResultFiles(
  outputs: readonly ResultOutput[],
  planFile: string | undefined,
): Promise<ResultOutput[]> {
  const created: ResultOutput[] = [];
  const plan = planFile === undefined ? undefined : resolve(planFile);
  for (const o of outputs) {
    const path = resolve(o.path);
    if (created.some((c) => c.path === path))
      throw new ResultOutputError(path, `raw results: ${path} is given twice (one file per output)`);
    if (path === plan)
      throw new ResultOutputError(
        path,
        `raw results: ${path} is the plan file; choose another file for the ${o.format} results`,
      );
    try {
      await writeFile(path, fileHeader(o.format), { flag: 'w' });
    } catch (e) {
      throw new ResultOutputError(
        path,
        `cannot write the ${o.format} results to ${path}: ${fileErrorText(e as NodeJS.ErrnoException)}`,
      );
    }
    created.push({ format: o.format, path });
  }
  return created;
}

const CODES: Record<string, string> = {
  ENOENT: 'its directory does not exist',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
};

/** Why a file cannot be written, for users: `ENOTDIR: a part of the path is not a directory`. */
export function fileErrorText(err: NodeJS.ErrnoException): string {
  return err.code !== undefined ? `${err.code}: ${CODES[err.code] ?? 'the file cannot be created'}` : err.message;
}
