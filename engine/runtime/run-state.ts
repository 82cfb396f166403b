/**
 * A run's life as a state machine: what the coordinator is doing (preparing, starting, running, stopping, aborting,
 * finished), why the run ends (its StopReason) and what each event asks of the workers, the setup or teardown
 * steps and mid-run control. The coordinator feeds it events (the user's stop and abort, a failed threshold, the
 * watchdog, the workers' lifecycle); the ports it acts through are small, so a test drives it with fakes.
 *
 *   preparing --workers started--> starting --workers ready--> running --workers ended--> finished
 *   preparing --setup failed--> finished
 *   starting | running --stop--> stopping
 *   starting | running | stopping --abort | threshold failed | overdue--> aborting
 *   stopping | aborting --workers ended--> finished
 *
 * A stop or abort while preparing is remembered and reaches the workers as soon as they exist; one while setup or
 * teardown runs interrupts it (a stop lets teardown finish: cleaning up is what a stopped run still needs).
 */
import type { StopReason } from '../metrics/summary.ts';

export type RunPhase = 'preparing' | 'starting' | 'running' | 'stopping' | 'aborting' | 'finished';

/** What the state machine acts on. */
export interface RunPorts {
  /** The worker threads (every live one): finish current iterations within gracefulStop, or unwind at once. */
  workers: { stop(): void; abort(): void };
  /** The setup or teardown steps running now, if any. */
  steps: { interrupt(reason: string): void };
  /** Mid-run control refuses changes from now on. */
  control: { end(reason: string): void };
  /** A note for the summary. */
  note(text: string): void;
}

const SCENARIOS: readonly RunPhase[] = ['starting', 'running', 'stopping', 'aborting'];

export class RunState {
  private current: RunPhase = 'preparing';
  private reason: StopReason = 'completed';
  /** Teardown is running: a stop no longer reaches anything. */
  private tearingDown = false;
  private readonly ports: RunPorts;

  constructor(ports: RunPorts) {
    this.ports = ports;
  }

  get phase(): RunPhase {
    return this.current;
  }
  /** Why the run ended (so far): completed unless something stopped it. */
  get stoppedBy(): StopReason {
    return this.reason;
  }
  /** The user stopped or aborted the run (or a threshold did) before it started: setup does not start. */
  get stopRequested(): boolean {
    return this.reason !== 'completed';
  }

  /** The user's graceful stop. */
  stop(): void {
    if (this.tearingDown) return;
    if (this.reason === 'completed') this.reason = 'stopped';
    this.ports.control.end('the run is stopping');
    if (this.current === 'preparing') {
      this.ports.steps.interrupt('stopped by the user');
      return;
    }
    if (!SCENARIOS.includes(this.current)) return;
    this.ports.workers.stop();
    if (this.current !== 'aborting') this.current = 'stopping';
  }

  /** The user's hard stop. */
  abort(): void {
    if (this.reason === 'completed' || this.reason === 'stopped') this.reason = 'aborted';
    this.ports.control.end('the run is stopping');
    if (SCENARIOS.includes(this.current)) this.abortWorkers();
    else this.ports.steps.interrupt('aborted by the user');
  }

  /** A threshold with abortOnFail failed while running: `what` names it. */
  thresholdFailed(what: string): void {
    if (this.reason !== 'completed') return;
    this.reason = 'threshold';
    this.ports.note(`aborted: threshold ${what} failed (abortOnFail)`);
    this.abortWorkers();
  }

  /** The safety net: the run went past its longest possible duration. */
  overdue(): void {
    this.ports.note('the run exceeded its maximum duration and was aborted');
    this.abortWorkers();
  }

  /** Setup ended before its last step (`why`; interrupted by a stop, or failed): no scenario starts. */
  setupEnded(why: string): void {
    if (this.reason !== 'completed') this.ports.note('stopped during setup: no scenario was started');
    else {
      this.reason = 'setup';
      this.ports.note(`setup failed, so no scenario was started: ${why}`);
    }
    this.current = 'finished';
  }

  /** The workers exist: a stop or abort asked for while preparing reaches them now, before their first iteration. */
  workersStarted(): void {
    this.current = 'starting';
    if (this.reason === 'stopped') {
      this.ports.workers.stop();
      this.current = 'stopping';
    }
    if (this.reason === 'aborted') this.abortWorkers();
  }

  /** Every worker is ready (or gone): the test clock starts. */
  workersReady(): void {
    if (this.current === 'starting') this.current = 'running';
  }

  /** A worker cannot go on (`why`); the others keep measuring. */
  workerFailed(why: string): void {
    this.ports.note(why);
    this.reason = 'error';
  }

  /** No worker is left. */
  workersEnded(): void {
    this.current = 'finished';
    this.ports.control.end('the run has ended');
  }

  /** Teardown starts: only an abort interrupts it. */
  teardownStarted(): void {
    this.tearingDown = true;
  }

  private abortWorkers(): void {
    this.ports.workers.abort();
    this.current = 'aborting';
  }
}
