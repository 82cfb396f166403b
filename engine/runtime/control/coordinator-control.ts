/**
 * Mid-run control as the coordinator wires it: the RunControl for this run (refused for an execution segment),
 * the VU headroom its workers get, the phase tracker fed each interval, and what ticks and the summary carry.
 * Kept apart from coordinator.ts so that the coordinator only calls in at a few points.
 */
import { PhaseTracker, type ControlSummary } from '../../metrics/phases.ts';
import type { Sample } from '../../metrics/sample.ts';
import type { Plan } from '../../plan/schema/index.ts';
import type { RunInfo } from '../run-handle.ts';
import type { RunScenario } from '../segment-run.ts';
import { vuHeadroom, type VuHeadroom } from './headroom.ts';
import { RunControl } from './run-control.ts';
import type { ControlEvent, ControlState } from '../../plan/control.ts';

/** Why an execution segment takes no change: said by every refusal (CLI, app, API). */
export const SEGMENT_REFUSAL =
  'mid-run control is not available for an execution segment (--segment): this machine runs one share of a distributed test, and changing one share would unbalance the whole; stop the segments and start them again with the new numbers';

export interface CoordinatorControlOptions {
  plan: Plan;
  scenarios: readonly RunScenario[];
  segmented: boolean;
  /** Test time now (ms), undefined before the start. */
  now(): number | undefined;
  /** Hands a change to every worker, and tells the run's listeners. */
  send(e: ControlEvent): void;
}

export class CoordinatorControl {
  readonly control: RunControl;
  /** The scenarios whose VUs may scale up, for the workers (none for a segment: its VUs are its share). */
  readonly headroom: Record<string, VuHeadroom> | undefined;
  private readonly tracker: PhaseTracker;
  private vusMaxSeen: number;

  constructor(o: CoordinatorControlOptions) {
    this.headroom = o.segmented ? undefined : vuHeadroom(o.plan);
    this.control = new RunControl({
      scenarios: o.scenarios.map((s) => {
        const head = this.headroom?.[s.name];
        return { ...s, ...(head ? { vuCeiling: head.ceiling } : {}) };
      }),
      ...(o.segmented ? { refusal: SEGMENT_REFUSAL } : {}),
      now: o.now,
      send: (e) => {
        this.tracker.change(e);
        o.send(e);
      },
    });
    this.tracker = new PhaseTracker(
      o.scenarios.map((s) => ({
        name: s.name,
        scenario: o.plan.scenarios[s.name] as Plan['scenarios'][string],
        startMs: s.startMs,
        regularMs: s.regularMs,
      })),
    );
    this.vusMaxSeen = this.control.vusMax();
  }

  /** The scenarios as RunInfo lists them, with what a mid-run scale may change of each. */
  info(scenarios: readonly RunScenario[]): RunInfo['scenarios'] {
    return scenarios.map(({ name, executor, description, maxVus, startMs, regularMs }) => {
      const head = this.headroom?.[name];
      const scale = !this.headroom
        ? null
        : head
          ? { unit: 'vus' as const, maxVus: head.ceiling }
          : /arrival-rate$/.test(executor)
            ? { unit: 'rate' as const }
            : null;
      return { name, executor, description, maxVus, startMs, regularMs, scale };
    });
  }

  /** One interval's samples, for the phases. */
  interval(samples: readonly Sample[], startS: number, span: number): void {
    this.tracker.add(samples, startS, span);
  }

  /**
   * What the tick of the interval starting at `startS` carries: the VUs the run may use in it, and (once a change is
   * due) the control state in effect; a change made but not yet due shows from the interval it applies to.
   */
  tick(startS: number): { vusMax: number; control?: ControlState } {
    const ms = startS * 1000;
    const vusMax = this.control.vusMax(ms);
    this.vusMaxSeen = Math.max(this.vusMaxSeen, vusMax);
    const due = this.control.events.length > 0 && (this.control.events[0] as ControlEvent).atMs <= ms;
    return due ? { vusMax, control: this.control.stateAt(ms) } : { vusMax };
  }

  /** The most VUs the run could use at any time (the summary's vus_max). */
  get vusMax(): number {
    return this.vusMaxSeen;
  }

  /** The summary's `control`; undefined when nothing was changed. */
  summary(durationMs: number): ControlSummary | undefined {
    const s = this.tracker.result(durationMs);
    return s.events.length > 0 ? s : undefined;
  }
}
