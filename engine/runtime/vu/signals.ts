/** How a step list ends early: the VU was interrupted, or a failure policy stops the VU (vu/watched.ts). */

export class Interrupted extends Error {}
/** One instance, compared by identity: an interruption allocates nothing. */
export const INTERRUPTED = new Interrupted('interrupted');

/** onFailure: stopVU: the iteration ends and the VU runs no more (already counted as vu-stopped). */
export class StopVu extends Error {}

/** One macrotask: a loop pass or an iteration that never waited lets timers and messages (stop, abort) run. */
export const macrotask = (): Promise<void> => new Promise((r) => setImmediate(r));
