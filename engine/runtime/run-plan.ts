/**
 * The engine's public entry point, used by the CLI and (later) the desktop app alike:
 *   const run = runPlan(plan, { baseDir, env });
 *   run.on('tick', (t) => ...); run.stop(); const summary = await run.done;
 */
import type { Plan } from '../plan/schema/index.ts';
import { coordinate } from './coordinator.ts';
import { prepareRun, type RunOptions } from './prepare.ts';
import { RunHandle } from './run-handle.ts';

export type { RunOptions } from './prepare.ts';
export type { Tick, RunInfo } from './run-handle.ts';
export { RunHandle } from './run-handle.ts';

export function runPlan(plan: Plan, options: RunOptions = {}): RunHandle {
  return new RunHandle(async (handle) => coordinate(await prepareRun(plan, options), handle));
}
