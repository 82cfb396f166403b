/**
 * Streaming outputs of one run: each sink is fed from the run's per-second intervals (the coordinator's merged
 * samples, never the request path) and closed after the run, also after Ctrl-C, within FLUSH_DEADLINE_MS (a
 * failing or stuck endpoint within 1 s). Problems are warned once while running and noted in the summary.
 */
import type { RunHandle } from '../runtime/run-handle.ts';
import { OutputConfigError, type Env, type StreamOutput } from './config.ts';
import { InfluxSink } from './influxdb/sink.ts';
import { IntervalMapper } from './metrics.ts';
import { OtlpSink } from './otlp/sink.ts';
import { PrometheusSink } from './prometheus/sink.ts';
import type { SenderStats } from './sender.ts';
import { runTestId } from './testid.ts';
import type { OutputSink, SinkContext } from './sink.ts';

/** How long the end of a run waits for outputs to deliver what they hold. */
export const FLUSH_DEADLINE_MS = 5_000;

export interface StreamSettings {
  env: Env;
  planName: string;
  /** The `testid` label of every series; default: runTestId(). */
  testid?: string;
}

/** Opens the sinks (settings errors are OutputConfigErrors, before anything starts) and feeds them from `handle`. */
export function openStreams(outputs: readonly StreamOutput[], settings: StreamSettings, handle: RunHandle): RunStreams {
  return new RunStreams(outputs, settings, handle);
}

export class RunStreams {
  private readonly sinks: OutputSink[];
  private readonly started: Promise<unknown>;
  private readonly mapper = new IntervalMapper();
  private startMs = Date.now();

  constructor(outputs: readonly StreamOutput[], settings: StreamSettings, handle: RunHandle) {
    const testid = settings.testid ?? runTestId(settings.planName, settings.env);
    const ctx: SinkContext = {
      runLabels: { testid },
      planName: settings.planName,
      env: settings.env,
      warn: (text) => handle.emit('warning', text),
    };
    this.sinks = outputs.map((o) => sinkFor(o, ctx));
    this.started = Promise.all(this.sinks.map((s) => s.start?.()));
    // The coordinator's t0 follows 'start' by 50 ms; ticks count from t0.
    handle.on('start', () => {
      this.startMs = Date.now() + 50;
    });
    handle.on('interval', (tick, samples) => {
      const m = this.mapper.map(tick, samples, this.startMs + tick.elapsedMs);
      for (const s of this.sinks) s.write(m);
    });
  }

  /** Delivers what is left (bounded by FLUSH_DEADLINE_MS) and returns the summary's notes about the outputs. */
  async close(deadlineMs = Date.now() + FLUSH_DEADLINE_MS): Promise<string[]> {
    await this.started;
    const stats = await Promise.all(this.sinks.map((s) => s.close(deadlineMs)));
    return this.sinks.flatMap((s, i) => note(s.name, stats[i]!));
  }
}

function sinkFor(o: StreamOutput, ctx: SinkContext): OutputSink {
  switch (o.kind) {
    case 'prometheus-rw':
      return new PrometheusSink(o.url, ctx);
    case 'influxdb':
      return new InfluxSink(o.url, 1, ctx);
    case 'influxdb2':
      return new InfluxSink(o.url, 2, ctx);
    case 'otlp':
      return new OtlpSink(o.url, ctx);
    default:
      throw new OutputConfigError(`unknown output '${String((o as { kind: unknown }).kind)}'`);
  }
}

/** `prometheus-rw: 3 of 60 batches dropped (the endpoint refused the connection (ECONNREFUSED))`; nothing when all went. */
function note(name: string, s: SenderStats): string[] {
  const total = s.sent + s.dropped;
  if (s.dropped === 0) return [];
  return [
    `${name}: ${s.dropped} of ${total} batch${total === 1 ? '' : 'es'} (seconds of metrics) dropped: ${s.problem ?? 'unknown problem'}`,
  ];
}
