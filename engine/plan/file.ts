/** Reading a plan from disk (kept apart so the rest of engine/plan stays free of Node APIs for the UI). */
import { open } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { PlanError } from './errors.ts';
import { formatBytes, MAX_PLAN_BYTES } from './limits.ts';
import { parsePlan, type ParsedPlan } from './parse.ts';

export interface LoadedPlan extends ParsedPlan {
  /** Directory that data files and body files are relative to. */
  baseDir: string;
}

/** Reads and validates a plan file; a file over MAX_PLAN_BYTES is refused before it is parsed. */
export async function loadPlanFile(file: string): Promise<LoadedPlan> {
  const text = await readPlanText(file);
  return { ...parsePlan(text, file), baseDir: dirname(resolve(file)) };
}

/** `size` when known (a regular file); a device or a pipe is only known to go on past the limit. */
const tooLarge = (file: string, size?: number): PlanError =>
  new PlanError(
    [
      {
        path: [],
        message:
          `the plan file is ${size === undefined ? '' : `${formatBytes(size)}, `}more than ${formatBytes(MAX_PLAN_BYTES)}, the limit for plans: ` +
          'split it into several plans, or move large bodies into files (request.file) and rows into data files (data:)',
      },
    ],
    file,
  );

/** At most MAX_PLAN_BYTES + 1 bytes are read, so that a device (/dev/zero) or a pipe cannot fill the memory. */
async function readPlanText(file: string): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) throw Object.assign(new Error('it is a directory'), { code: 'EISDIR' });
    if (stat.isFile() && stat.size > MAX_PLAN_BYTES) throw tooLarge(file, stat.size);
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of handle.createReadStream({
      end: MAX_PLAN_BYTES,
      autoClose: false,
    }) as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
    }
    if (length > MAX_PLAN_BYTES) throw tooLarge(file);
    return Buffer.concat(chunks, length).toString('utf8');
  } catch (e) {
    if (e instanceof PlanError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
    throw new PlanError([{ path: [], message: `cannot read the plan file: ${why}` }], file);
  } finally {
    await handle?.close();
  }
}
