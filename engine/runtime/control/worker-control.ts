/** Mid-run control in a worker: a change from the coordinator, checked, handed to the scenario runners it concerns. */
import type { ScenarioRunner } from '../executors/runner.ts';
import { ControlEventSchema } from './types.ts';

/** Applies a change message; false when it is not one (it is then ignored: the coordinator sends only checked ones). */
export function applyControl(runs: readonly ScenarioRunner[], message: unknown): boolean {
  const parsed = ControlEventSchema.safeParse(message);
  if (!parsed.success) return false;
  const e = parsed.data;
  for (const r of runs) {
    if (e.kind === 'pause') r.pause(e.atMs);
    else if (e.kind === 'resume') r.resume(e.atMs);
    else if (r.name === e.scenario) r.scale(e.atMs, 'vus' in e ? e.vus : e.rate);
  }
  return true;
}
