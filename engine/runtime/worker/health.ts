/**
 * How busy a worker thread is: event-loop utilisation (share of time the loop was running code, 1 = saturated)
 * and event-loop delay (how late timers fire). A saturated worker measures its own queueing, not the target's.
 */
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface WorkerHealth {
  elu: number;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
}

export class HealthMonitor {
  private last: EventLoopUtilization = performance.eventLoopUtilization();
  private readonly delay = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.delay.enable();
  }

  /** Health since the previous call. */
  take(): WorkerHealth {
    const now = performance.eventLoopUtilization();
    const elu = performance.eventLoopUtilization(now, this.last).utilization;
    this.last = now;
    const h: WorkerHealth = {
      elu: Number.isFinite(elu) ? elu : 0,
      loopDelayP99Ms: this.delay.count > 0 ? this.delay.percentile(99) / 1e6 : 0,
      loopDelayMaxMs: this.delay.count > 0 ? this.delay.max / 1e6 : 0,
    };
    this.delay.reset();
    return h;
  }

  stop(): void {
    this.delay.disable();
  }
}
