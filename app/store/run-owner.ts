/**
 * Which process a running run belongs to, so recovery at open only interrupts runs nobody is running any more.
 * Two Loadsmith processes may share a data directory (the desktop app and `loadsmith ui`): the second one's
 * start must not mark the first one's live run as interrupted.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Stored in runs.owner as JSON. `token` identifies one open store. */
export interface RunOwner {
  host: string;
  pid: number;
  token: string;
}

/** Tokens of the stores open in this process. */
const liveTokens = new Set<string>();

/** A new owner identity for a store being opened; call releaseOwner when it closes. */
export function claimOwner(): RunOwner {
  const owner = { host: hostname(), pid: process.pid, token: randomUUID() };
  liveTokens.add(owner.token);
  return owner;
}

/** Marks a store's identity as gone (its runs still `running` become recoverable). */
export function releaseOwner(owner: RunOwner): void {
  liveTokens.delete(owner.token);
}

function parseOwner(text: string | null): RunOwner | undefined {
  if (text === null) return undefined;
  try {
    const v = JSON.parse(text) as Partial<RunOwner> | null;
    if (v && typeof v.host === 'string' && Number.isInteger(v.pid) && typeof v.token === 'string') return v as RunOwner;
  } catch {
    /* unreadable owner: treat as gone */
  }
  return undefined;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Whether the run's owner may still be running it: a store open in this process, or another live process on this
 * host. Runs without a readable owner, from a closed store, a dead process or another host count as abandoned.
 * (A recycled pid can keep a crashed run `running` until that process exits; the next open then recovers it.)
 */
export function ownerAlive(text: string | null): boolean {
  const owner = parseOwner(text);
  if (!owner) return false;
  if (liveTokens.has(owner.token)) return true;
  if (owner.pid === process.pid || owner.host !== hostname()) return false;
  return processAlive(owner.pid);
}
