/** What every streaming output implements; streams.ts drives them from the run's per-second intervals. */
import type { Labels, IntervalMetrics } from './metrics.ts';
import type { Env } from './config.ts';
import type { SenderStats } from './sender.ts';

export interface SinkContext {
  /** Labels on every series of the run: `testid`. */
  runLabels: Labels;
  /** The run's plan name (OTLP resource attribute). */
  planName: string;
  /** Where credentials and settings come from. */
  env: Env;
  /** Shown once to the user when the endpoint has a problem. */
  warn: (text: string) => void;
}

export interface OutputSink {
  /** As the user wrote it: `prometheus-rw`. */
  readonly name: string;
  /** Before the first interval (e.g. InfluxDB v1 creates its database); never throws. */
  start?(): Promise<void>;
  /** Encodes one interval and queues it; never waits for the network. */
  write(m: IntervalMetrics): void;
  /** Sends what is queued until the deadline (epoch ms), then reports. */
  close(deadlineMs: number): Promise<SenderStats>;
}
