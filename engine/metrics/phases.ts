/**
 * A run's phases under mid-run control: from one change to the next, each scenario's target next to what it
 * achieved (VUs, iterations and requests per second, the open model's started rate and drops), and the run's
 * request rate and p(95) over the phase. Changes apply at whole seconds (runtime/control/run-control.ts), so every
 * per-second sample falls in exactly one phase and the numbers are the samples' own, not interpolated.
 * The coordinator feeds it each interval's samples (per second, never per request); memory grows with the
 * number of changes (bounded by MAX_CONTROL_EVENTS), not with the run's length.
 */
import { Histogram } from './histogram.ts';
import { phaseTarget, type PhaseTarget } from './phase-targets.ts';
import type { Sample } from './sample.ts';
import type { Scenario } from '../plan/schema/index.ts';
import type { ControlChange, ControlEvent } from '../plan/control.ts';

export interface PhaseScenario {
  name: string;
  target: PhaseTarget;
  /** Seconds of the phase within the scenario's startTime and duration. */
  seconds: number;
  /** Active VUs (each second's peak) over those seconds. */
  vus: { avg: number; max: number };
  iterations: number;
  iterationRate: number;
  reqs: number;
  rps: number;
  /** Open model: iterations due (scheduled) and started per second, and those dropped for want of a free VU. */
  arrival?: { scheduled: number; started: number; dropped: number; achievedRate: number };
}

export interface RunPhase {
  /** Test time (ms) the phase began and ended. */
  startMs: number;
  endMs: number;
  /** The changes that began it; empty for the first phase (the plan's schedule). */
  changes: ControlChange[];
  paused: boolean;
  reqs: number;
  rps: number;
  failedRate: number;
  /** http_req_duration p(95) over the phase (ms); null when no request finished in it. */
  p95: number | null;
  scenarios: PhaseScenario[];
}

/** The summary's `control`: every change, and the phases they made. */
export interface ControlSummary {
  events: ControlEvent[];
  phases: RunPhase[];
}

export interface PhaseScenarioPlan {
  name: string;
  scenario: Scenario;
  startMs: number;
  regularMs: number;
}

interface ScenarioAcc {
  seconds: number;
  vusSeconds: number;
  vusMax: number;
  iterations: number;
  reqs: number;
  scheduled: number;
  started: number;
  dropped: number;
}
interface PhaseAcc {
  startMs: number;
  seconds: number;
  reqs: number;
  failed: number;
  duration: Histogram;
  scenarios: Map<string, ScenarioAcc>;
}

const scratch = new Histogram();

export class PhaseTracker {
  private readonly scenarios: readonly PhaseScenarioPlan[];
  private readonly events: ControlEvent[] = [];
  private readonly phases: PhaseAcc[] = [];

  constructor(scenarios: readonly PhaseScenarioPlan[]) {
    this.scenarios = scenarios;
    this.phases.push(this.open(0));
  }

  /** A change (before its time comes): a new phase from its `atMs`, one per distinct time. */
  change(e: ControlEvent): void {
    this.events.push(e);
    if ((this.phases.at(-1) as PhaseAcc).startMs < e.atMs) this.phases.push(this.open(e.atMs));
  }

  /** One interval's samples: the interval starts at `startS` (a whole second) and lasts `span` seconds. */
  add(samples: readonly Sample[], startS: number, span: number): void {
    const phase = this.phaseAt(startS * 1000);
    phase.seconds += span;
    for (const sc of this.scenarios) {
      if (startS * 1000 < sc.startMs || startS * 1000 >= sc.startMs + sc.regularMs) continue;
      const a = phase.scenarios.get(sc.name) as ScenarioAcc;
      a.seconds += span;
      let vus = 0;
      for (const s of samples) vus += s.vus[sc.name] ?? 0;
      a.vusSeconds += vus * span;
      a.vusMax = Math.max(a.vusMax, vus);
    }
    for (const s of samples) {
      if (s.phases) phase.duration.add(Histogram.fromJSON(s.phases.duration, scratch));
      for (const x of s.series) {
        // A sample without phase totals (tests, older shards): its series' durations are all there is.
        if (!s.phases) phase.duration.add(Histogram.fromJSON(x.duration, scratch));
        phase.reqs += x.reqs;
        phase.failed += x.failed;
        const a = phase.scenarios.get(x.key.scenario);
        if (a) a.reqs += x.reqs;
      }
      for (const i of s.iterations) {
        const a = phase.scenarios.get(i.scenario);
        if (!a) continue;
        a.iterations += i.completed;
        a.scheduled += i.scheduled ?? 0;
        a.started += i.started ?? 0;
      }
      for (const [name, n] of Object.entries(s.dropped)) {
        const a = phase.scenarios.get(name);
        if (a) a.dropped += n;
      }
    }
  }

  /** The phases of a run that lasted `durationMs`; empty when nothing was changed (the plan alone ran). */
  result(durationMs: number): ControlSummary {
    if (this.events.length === 0) return { events: [], phases: [] };
    const phases = this.phases
      .filter((p) => p.startMs < Math.max(durationMs, 1))
      .map((p, i, all): RunPhase => {
        const endMs = all[i + 1]?.startMs ?? Math.max(p.startMs, durationMs);
        const before = this.events.filter((e) => e.atMs <= p.startMs);
        const paused = before.reduce((on, e) => (e.kind === 'pause' ? true : e.kind === 'resume' ? false : on), false);
        const p95 = p.duration.isEmpty ? null : p.duration.valueAtPercentile(95) / 1000;
        return {
          startMs: p.startMs,
          endMs,
          changes: before.filter((e) => e.atMs === p.startMs && p.startMs > 0).map(({ atMs: _at, ...c }) => c),
          paused,
          reqs: p.reqs,
          rps: per(p.reqs, p.seconds),
          failedRate: p.reqs > 0 ? p.failed / p.reqs : 0,
          p95,
          scenarios: this.scenarios.map((sc) => scenarioOf(sc, p, endMs, paused, before)),
        };
      });
    return { events: [...this.events], phases };
  }

  private open(startMs: number): PhaseAcc {
    const scenarios = new Map(
      this.scenarios.map((s) => [
        s.name,
        { seconds: 0, vusSeconds: 0, vusMax: 0, iterations: 0, reqs: 0, scheduled: 0, started: 0, dropped: 0 },
      ]),
    );
    return { startMs, seconds: 0, reqs: 0, failed: 0, duration: new Histogram(), scenarios };
  }

  private phaseAt(ms: number): PhaseAcc {
    for (let i = this.phases.length - 1; i > 0; i--)
      if ((this.phases[i] as PhaseAcc).startMs <= ms) return this.phases[i] as PhaseAcc;
    return this.phases[0] as PhaseAcc;
  }
}

const per = (n: number, seconds: number): number => (seconds > 0 ? n / seconds : 0);

function scenarioOf(
  sc: PhaseScenarioPlan,
  p: PhaseAcc,
  endMs: number,
  paused: boolean,
  changes: readonly ControlEvent[],
): PhaseScenario {
  const a = p.scenarios.get(sc.name) as ScenarioAcc;
  const from = Math.max(0, p.startMs - sc.startMs);
  const to = Math.max(from, Math.min(endMs, sc.startMs + sc.regularMs) - sc.startMs);
  const out: PhaseScenario = {
    name: sc.name,
    target: phaseTarget(sc.name, sc.scenario, from, to, paused, changes),
    seconds: a.seconds,
    vus: { avg: per(a.vusSeconds, a.seconds), max: a.vusMax },
    iterations: a.iterations,
    iterationRate: per(a.iterations, a.seconds),
    reqs: a.reqs,
    rps: per(a.reqs, a.seconds),
  };
  if (a.scheduled > 0 || /arrival-rate$/.test(sc.scenario.executor)) {
    out.arrival = {
      scheduled: a.scheduled,
      started: a.started,
      dropped: a.dropped,
      achievedRate: per(a.started, a.seconds),
    };
  }
  return out;
}
