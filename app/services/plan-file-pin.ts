/**
 * Reading a file whose path was checked, without a window between the check and the read: a symlink swapped in
 * meanwhile (by anyone who can write in a granted folder) must not lead the read into the data directory or
 * elsewhere. The file is opened first, without following a symlink at its end; then the file the system opened is
 * checked, not the path: on Linux by the path the kernel gives for the open file, elsewhere by its identity
 * (device and inode) against the checked path, which must still resolve to itself. It is then read through that open file (/dev/fd/N), so what is
 * read is what was checked.
 */
import { constants } from 'node:fs';
import { open, readdir, readlink, realpath, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { PlanFileError, readBounded, type PlanFileSource } from 'loadsmith';

type FileUse = Parameters<PlanFileSource['read']>[1];

export interface PinOptions {
  /** The data directory (resolved): none of its files is read, also through a hard link... */
  dataDir: string;
  /** ...but the attached files, in this folder of it. */
  attached: string;
  shown: string;
  use: FileUse;
  limit: number;
  /** The message when the opened file is not where `real` was. */
  refused: string;
}

/** Where the open file descriptor of this process can be opened again (the same open file), if the system has it. */
const FD_FOLDER = process.platform === 'linux' || process.platform === 'darwin' ? '/dev/fd' : undefined;

/** The bytes of `real` (a checked, symlink-free path), refused when the file opened is not one `allowed` accepts. */
export async function readPinned(real: string, allowed: (path: string) => boolean, o: PinOptions): Promise<Buffer> {
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (e) {
    // ELOOP: the file became a symlink after the check. Other problems get readBounded's words.
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') throw new PlanFileError(o.refused);
    return readBounded(real, { shown: o.shown, use: o.use, limit: o.limit });
  }
  try {
    const opened = await handle.stat();
    if (!(await isWhereChecked(handle, real, allowed, opened))) throw new PlanFileError(o.refused);
    if (opened.nlink > 1 && (await isDataFile(o.dataDir, o.attached, opened))) {
      throw new PlanFileError(
        `${o.use} ${o.shown} is the app's data folder's own file (a hard link to it), which plans never read: attach a copy instead`,
      );
    }
    return await readBounded(FD_FOLDER ? `${FD_FOLDER}/${handle.fd}` : real, {
      shown: o.shown,
      use: o.use,
      limit: o.limit,
    });
  } finally {
    await handle.close();
  }
}

async function isWhereChecked(
  handle: FileHandle,
  real: string,
  allowed: (path: string) => boolean,
  opened: { dev: number; ino: number },
): Promise<boolean> {
  if (process.platform === 'linux') {
    const actual = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (actual !== undefined) return allowed(actual);
  }
  // Elsewhere: the checked path still has no symlink in it, and still names the file opened (a folder swapped for a
  // symlink would have to be swapped twice between these two steps and the open).
  if ((await realpath(real).catch(() => undefined)) !== real) return false;
  const now = await stat(real).catch(() => undefined);
  return now !== undefined && now.dev === opened.dev && now.ino === opened.ino;
}

/** Is this file (by device and inode) one of the data directory's, outside the attached files? Two levels deep. */
async function isDataFile(
  dataDir: string,
  attached: string,
  file: { dev: number; ino: number },
  depth = 2,
): Promise<boolean> {
  const entries = await readdir(dataDir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = join(dataDir, e.name);
    if (e.isFile()) {
      const st = await stat(p).catch(() => undefined);
      if (st && st.dev === file.dev && st.ino === file.ino) return true;
    } else if (e.isDirectory() && depth > 1 && p !== attached && (await isDataFile(p, attached, file, depth - 1))) {
      return true;
    }
  }
  return false;
}
