/**
 * runs.pause / runs.resume / runs.scale: mid-run control of the running run through the engine's RunHandle (the
 * same the CLI's `loadsmith pause|resume|scale` reach). A refusal (an execution segment, an iteration executor, a
 * count past the ceiling...) is a `conflict` with the engine's reason; every change is told to every window.
 */
import { ControlError, type ControlEvent, type RunHandle } from 'loadsmith';
import { ContractError, type Handlers, type RunControlResult } from '../contract/index.ts';
import type { ServiceContext } from './context.ts';

export type RunControlHandlers = Pick<Handlers, 'runs.pause' | 'runs.resume' | 'runs.scale'>;

/** `running(id)`: the handle of the run with that id while it runs, else undefined. */
export function runControlHandlers(
  ctx: ServiceContext,
  running: (id: string) => RunHandle | undefined,
): RunControlHandlers {
  const change = (id: string, act: (h: RunHandle) => ControlEvent[]): RunControlResult => {
    const handle = running(id);
    if (!handle)
      throw new ContractError(
        'conflict',
        'this run is not running: only a running run can be paused, resumed or scaled',
      );
    let events: ControlEvent[];
    try {
      events = act(handle);
    } catch (e) {
      if (e instanceof ControlError) throw new ContractError('conflict', e.message);
      throw e;
    }
    const result = { events, state: handle.controlState ?? { paused: false, targets: {} } };
    if (events.length > 0) ctx.events.emit('run.control', { runId: id, result });
    return result;
  };
  return {
    'runs.pause': ({ id }) => change(id, (h) => h.pause()),
    'runs.resume': ({ id }) => change(id, (h) => h.resume()),
    'runs.scale': ({ id, scenario, vus, rate }) =>
      change(id, (h) => h.scale(scenario, vus !== undefined ? { vus } : { rate: rate as number })),
  };
}
