/**
 * Reading one file a plan names, defensively: regular files only (a FIFO would hang the run, `/dev/zero` would
 * grow without end) and at most a size limit, so a plan can never make Loadsmith read more than it says.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { PlanFileError } from './errors.ts';

/** What a plan uses a file for, in messages. */
export type FileUse = 'data file' | 'body file' | 'TLS file' | 'proto file';

export interface ReadBoundedOptions {
  /** The name messages use: the path the user knows. */
  shown: string;
  use: FileUse;
  /** Largest size accepted, in bytes. */
  limit: number;
  /** Added to the message when there is no such file: where paths are looked up. */
  missing?: string;
}

/** Default size limit of a data, body or TLS file: files are read whole, and each worker thread gets a copy. */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;

/** The limit from `LOADSMITH_MAX_FILE_MB` when it is a positive number, else DEFAULT_MAX_FILE_BYTES. */
export function maxFileBytes(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const mb = Number(env.LOADSMITH_MAX_FILE_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.floor(mb * 1024 * 1024) : DEFAULT_MAX_FILE_BYTES;
}

/**
 * The bytes of the regular file at `abs`.
 * @throws PlanFileError: not found, not a regular file, larger than the limit, or unreadable.
 */
export async function readBounded(abs: string, { shown, use, limit, missing }: ReadBoundedOptions): Promise<Buffer> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO for reading must not wait for a writer; it is refused below.
    handle = await open(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new PlanFileError(openProblem(`${use} ${shown}`, e as NodeJS.ErrnoException, missing));
  }
  try {
    const st = await handle.stat();
    if (!st.isFile())
      throw new PlanFileError(`${use} ${shown} is ${kindOf(st)}, not a regular file: plans read regular files only`);
    if (st.size > limit) throw new PlanFileError(tooBig(`${use} ${shown}`, st.size, limit));
    const buf = Buffer.allocUnsafe(st.size);
    let filled = 0;
    while (filled < st.size) {
      const { bytesRead } = await handle.read(buf, filled, st.size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    // A file that grows while it is read is taken as it was at stat time: never more than the size checked above.
    return filled === st.size ? buf : buf.subarray(0, filled);
  } catch (e) {
    if (e instanceof PlanFileError) throw e;
    throw new PlanFileError(`cannot read ${use} ${shown}: ${(e as Error).message}`);
  } finally {
    await handle.close();
  }
}

function openProblem(shown: string, e: NodeJS.ErrnoException, missing: string | undefined): string {
  if (e.code === 'ENOENT') return `cannot read ${shown}: no such file${missing ? ` (${missing})` : ''}`;
  if (e.code === 'EACCES' || e.code === 'EPERM') return `cannot read ${shown}: permission denied`;
  return `cannot read ${shown}: ${e.message}`;
}

function kindOf(st: {
  isDirectory(): boolean;
  isFIFO(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isSocket(): boolean;
}): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'a special file';
}

function tooBig(shown: string, size: number, limit: number): string {
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;
  return `${shown} is ${mb(size)}, more than the limit of ${mb(limit)} for a file a plan reads (it is read whole, and every worker gets a copy): keep only what the test needs, or raise the limit with LOADSMITH_MAX_FILE_MB`;
}
