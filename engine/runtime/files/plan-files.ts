/**
 * Where the files a plan names (data feeders, body files, TLS files) come from. A plan is untrusted input in the
 * app, so the engine never opens a path itself: it asks a PlanFileSource. The CLI runs the user's own plan files
 * and reads paths relative to the plan (localPlanFiles); the app passes a source that only reads files the user
 * attached or folders the user granted (app/services/plan-file-access.ts).
 */
import { resolve } from 'node:path';
import { maxFileBytes, readBounded, type FileUse } from './read-bounded.ts';

export { PlanFileError } from './errors.ts';
export type { FileUse } from './read-bounded.ts';

/** A file as read for a plan: its bytes and the name messages should use for it. */
export interface PlanFile {
  bytes: Buffer;
  shown: string;
}

export interface PlanFileSource {
  /**
   * The file the plan names as `path`.
   * @throws PlanFileError with a message for the user (refused, missing, not a regular file, too large).
   */
  read(path: string, use: FileUse): Promise<PlanFile>;
}

/**
 * The CLI's source: a relative path is taken from `baseDir` (the plan file's folder), an absolute one as written,
 * as k6's open() does for a script's own files. Regular files only, at most `limit` bytes.
 */
export function localPlanFiles(baseDir: string, limit = maxFileBytes()): PlanFileSource {
  return {
    async read(path, use) {
      const abs = resolve(baseDir, path);
      return {
        bytes: await readBounded(abs, { shown: abs, use, limit, missing: 'paths are relative to the plan file' }),
        shown: abs,
      };
    },
  };
}
