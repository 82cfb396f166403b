/**
 * The processes whose exit means "stop the test": the parent, and npm above it when the parent is the shell npm
 * runs a package's bin through. npm 11 (`npx`, `npm exec`, `npm run`) spawns `sh -c '<bin>' args` and forwards
 * only SIGINT and SIGTERM to that shell; where /bin/sh is dash (Debian, Ubuntu) the shell stays between npm and
 * us, so a SIGKILL or SIGHUP to npx alone kills npm and leaves the shell, and our parent, alive.
 * Linux only for the npm part (it reads /proc); elsewhere /bin/sh is bash or zsh, which runs the bin in its own
 * place, so npm is the parent.
 */
import { readFileSync } from 'node:fs';

export interface Ancestors {
  /** The parent when the process started. */
  parent: number;
  /** npm's pid when the parent is npm's script shell, else undefined. */
  npm: number | undefined;
}

const SHELLS = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'busybox']);

/** The ancestors to watch, read once at start. */
export function startAncestors(env: NodeJS.ProcessEnv = process.env): Ancestors {
  const parent = process.ppid;
  // npm's run-script sets npm_lifecycle_event for the process it spawns (and so for us, its grandchild).
  if (env.npm_lifecycle_event === undefined) return { parent, npm: undefined };
  const stat = procStat(parent);
  return { parent, npm: stat && SHELLS.has(stat.comm) && stat.ppid > 1 ? stat.ppid : undefined };
}

/** True once the parent, or npm above it, has exited (one getppid() and at most one kill(pid, 0) call). */
export function ancestorsGone(a: Ancestors): boolean {
  return process.ppid !== a.parent || (a.npm !== undefined && !alive(a.npm));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's command name and parent from /proc/PID/stat ("pid (comm) state ppid ..."), if readable. */
function procStat(pid: number): { comm: string; ppid: number } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(')');
  const ppid = Number(text.slice(close + 2).split(' ')[1]);
  return Number.isInteger(ppid) ? { comm: text.slice(text.indexOf('(') + 1, close), ppid } : undefined;
}
