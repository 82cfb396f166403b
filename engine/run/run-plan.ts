/**
 * The engine's public entry point, used by the CLI and (later) the desktop app alike:
 *   const run = runPlan(plan, { baseDir, env });
 *   run.on('tick', (t) => ...); run.stop(); const summary = await run.done;
 */
import type { StreamOutput } from '../outputs/config.ts';
import { planStreams } from '../outputs/plan-outputs.ts';
import type { Plan } from '../plan/schema/index.ts';
import { coordinate } from '../runtime/coordinator.ts';
import { prepareRun, type PrepareOptions } from '../runtime/prepare.ts';
import { RunHandle } from '../runtime/run-handle.ts';

export type { Tick, RunInfo } from '../runtime/run-handle.ts';
export { ControlError, RunHandle } from '../runtime/run-handle.ts';
export type { ControlEvent, ControlState, ScaleTarget } from '../runtime/run-handle.ts';

/** How to run a plan: what it is prepared from, and where its metrics stream while it runs. */
export interface RunOptions extends PrepareOptions {
  /**
   * Metrics streamed once per second to Prometheus, InfluxDB or an OpenTelemetry collector (engine/outputs);
   * their credentials come from `env`.
   */
  streams?: StreamOutput[];
  /** The `testid` label of streamed metrics; default: LOADSMITH_TESTID, else the plan name and start time. */
  testid?: string;
}

/**
 * Starts a run of `plan` and returns its handle at once; problems found while preparing reject `done`. The run keeps
 * its own validated copy: neither `plan` nor `options.source` (the plan's text) is referenced once it is prepared.
 */
export function runPlan(plan: Plan, options: RunOptions = {}): RunHandle {
  const preparing = prepareRun(plan, options);
  const { streams, env: givenEnv, testid } = options;
  return new RunHandle(async (handle) => {
    const prepared = await preparing;
    // The run's own outputs win, with the environment's credentials; else the plan's, opened without them: the
    // prepared environment has none (plan-outputs.ts).
    const given = streams?.length ? streams : undefined;
    const outputs = given ?? planStreams(prepared.plan, prepared.env);
    if (!outputs) return coordinate(prepared, handle);
    const env = given ? { ...(givenEnv ?? process.env) } : prepared.env;
    // Streaming outputs: settings checked before the test starts; what they hold is sent after it, also after Ctrl-C.
    // Loaded only for a run that streams: the outputs' code and packages (protobufjs, snappyjs) are not small.
    const { openStreams } = await import('../outputs/streams.ts');
    const opened = openStreams(outputs, { env, planName: prepared.plan.name, ...(testid ? { testid } : {}) }, handle);
    const summary = await coordinate(prepared, handle);
    summary.notes.push(...(await opened.close()));
    return summary;
  });
}
