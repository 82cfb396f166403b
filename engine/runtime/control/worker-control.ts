/**
 * Mid-run control in a worker: changes from the coordinator, checked, handed to the scenario runners they concern.
 * The open model takes a change as soon as it comes (its schedule switches at the change's time by itself). The
 * closed model takes it when due: right after the worker sent the sample of the second before it, so that each
 * second's sample lies in one phase whatever order the timers fire in.
 */
import type { ScenarioRunner } from '../executors/runner.ts';
import { controlEventOf, type ControlEvent } from '../../plan/control.ts';

export class WorkerControl {
  private readonly runs: readonly ScenarioRunner[];
  private pending: ControlEvent[] = [];
  /** Test time up to which samples were sent: a change due by then applies on arrival. */
  private sentMs = 0;

  constructor(runs: readonly ScenarioRunner[]) {
    this.runs = runs;
  }

  /** A change message; false when it is not one (ignored: the coordinator sends only checked ones). */
  receive(message: unknown): boolean {
    const e = controlEventOf(message);
    if (!e) return false;
    for (const r of this.runs) if (r.schedulesAhead) apply(r, e);
    if (e.atMs <= this.sentMs) this.applyClosed(e);
    else this.pending.push(e);
    return true;
  }

  /** The sample of the interval ending at `testMs` has been sent: the changes due by then apply. */
  sent(testMs: number): void {
    this.sentMs = testMs;
    const due = this.pending.filter((e) => e.atMs <= testMs);
    if (due.length === 0) return;
    this.pending = this.pending.filter((e) => e.atMs > testMs);
    for (const e of due) this.applyClosed(e);
  }

  private applyClosed(e: ControlEvent): void {
    for (const r of this.runs) if (!r.schedulesAhead) apply(r, e);
  }
}

function apply(r: ScenarioRunner, e: ControlEvent): void {
  if (e.kind === 'pause') r.pause(e.atMs);
  else if (e.kind === 'resume') r.resume(e.atMs);
  else if (r.name === e.scenario) r.scale(e.atMs, 'vus' in e ? e.vus : e.rate);
}
