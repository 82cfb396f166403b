/**
 * Where running `loadsmith run`s say how to reach them: one file per run (run-<pid>.json, mode 0600) in a folder
 * only the user can read. The token in it is what lets `loadsmith pause` (of the same user) in: nothing is printed
 * that another user could read from a CI log or a shared terminal. LOADSMITH_CONTROL_DIR overrides the folder;
 * else $XDG_RUNTIME_DIR/loadsmith, else <tmp>/loadsmith-<uid>.
 */
import { lstat, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { RunEntry } from './api.ts';

/** The folder, refused for control when it is not private (ControlDirError). */
export class ControlDirError extends Error {}

export function controlDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOADSMITH_CONTROL_DIR) return env.LOADSMITH_CONTROL_DIR;
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'loadsmith');
  return join(tmpdir(), `loadsmith-${process.getuid?.() ?? userInfo().username}`);
}

/** Creates the folder (0700) if needed; refuses one another user owns or can read (it could be a trap in /tmp). */
export async function privateDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const st = await lstat(dir);
  if (!st.isDirectory()) throw new ControlDirError(`${dir} is not a folder`);
  if (process.platform !== 'win32') {
    if (st.uid !== process.getuid?.()) throw new ControlDirError(`${dir} belongs to another user`);
    if ((st.mode & 0o077) !== 0)
      throw new ControlDirError(
        `${dir} can be read by other users (mode ${(st.mode & 0o777).toString(8)}): make it private (chmod 700) or set LOADSMITH_CONTROL_DIR`,
      );
  }
  return dir;
}

/** Writes this run's entry; returns what removes it (at the end of the run). */
export async function register(dir: string, entry: RunEntry): Promise<() => Promise<void>> {
  await privateDir(dir);
  const path = join(dir, `run-${entry.pid}.json`);
  await unlink(path).catch(() => undefined); // a run of a process that had this pid before, killed
  const f = await open(path, 'wx', 0o600);
  try {
    await f.writeFile(JSON.stringify(entry));
  } finally {
    await f.close();
  }
  return () => unlink(path).catch(() => undefined);
}

/** Runs registered and still alive (an entry whose process is gone is removed); unreadable entries are skipped. */
export async function runningRuns(dir: string): Promise<RunEntry[]> {
  let names: string[];
  try {
    await privateDir(dir);
    names = await readdir(dir);
  } catch (e) {
    if (e instanceof ControlDirError) throw e;
    return [];
  }
  const out: RunEntry[] = [];
  for (const name of names.filter((n) => /^run-\d+\.json$/.test(n))) {
    const path = join(dir, name);
    const parsed = RunEntry.safeParse(
      await readFile(path, 'utf8').then(
        (t) => JSON.parse(t) as unknown,
        () => undefined,
      ),
    );
    if (!parsed.success) continue;
    if (alive(parsed.data.pid)) out.push(parsed.data);
    else await unlink(path).catch(() => undefined);
  }
  return out.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
