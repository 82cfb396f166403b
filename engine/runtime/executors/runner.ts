/** What the worker needs from any scenario executor, closed or open model. */
export interface ScenarioRunner {
  readonly name: string;
  /** Resolves when the scenario has finished (all its VUs stopped). */
  readonly done: Promise<void>;
  /** Starts the scenario's clock; `sinceStartMs` is the test time already elapsed (0 at the start). */
  schedule(sinceStartMs: number): void;
  /** Graceful stop: no new iteration; running ones get gracefulStop. */
  endRegular(): void;
  /** Hard stop. */
  interrupt(): void;
  /** Most VUs busy at once since the last call (the `vus` metric). */
  takePeakVus(): number;
  /**
   * Mid-run control (control/worker-control.ts says when to call): no new iteration starts from `atMs` (test time);
   * running ones finish. The open model switches its schedule at `atMs` itself; the closed model acts when called.
   */
  pause(atMs: number): void;
  /** Mid-run control: iterations start again from `atMs`, at the current target (the plan's, or the last scale's). */
  resume(atMs: number): void;
  /** Mid-run control: VUs (closed model) or iterations per second (open model) from `atMs` to the end. */
  scale(atMs: number, target: number): void;
  /** True for the open model: it takes a change as soon as it hears of it (its schedule knows the time). */
  readonly schedulesAhead?: boolean;
}
