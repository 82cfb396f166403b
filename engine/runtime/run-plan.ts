/**
 * The engine's public entry point, used by the CLI and (later) the desktop app alike:
 *   const run = runPlan(plan, { baseDir, env });
 *   run.on('tick', (t) => ...); run.stop(); const summary = await run.done;
 */
import { openStreams } from '../outputs/streams.ts';
import type { Plan } from '../plan/schema/index.ts';
import { coordinate } from './coordinator.ts';
import { prepareRun, type RunOptions } from './prepare.ts';
import { RunHandle } from './run-handle.ts';

export type { RunOptions } from './prepare.ts';
export type { Tick, RunInfo } from './run-handle.ts';
export { RunHandle } from './run-handle.ts';

export function runPlan(plan: Plan, options: RunOptions = {}): RunHandle {
  return new RunHandle(async (handle) => {
    const prepared = await prepareRun(plan, options);
    if (!options.streams?.length) return coordinate(prepared, handle);
    // Streaming outputs: settings checked before the test starts; what they hold is sent after it, also after Ctrl-C.
    const streams = openStreams(options.streams, { env: prepared.env, planName: prepared.plan.name, ...(options.testid ? { testid: options.testid } : {}) }, handle);
    const summary = await coordinate(prepared, handle);
    summary.notes.push(...await streams.close());
    return summary;
  });
}
