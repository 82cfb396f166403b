/**
 * One designer call's runtime: a fresh undici Agent with the plan's TLS options (destroyed at the end), a metrics
 * recorder nobody reads, the trace collector, VUs built as a worker builds them, and the call's bounds — a
 * deadline and a maximum number of exchanges — both enforced by interrupting the running VU.
 */
import type { Plan } from '../../plan/schema/index.ts';
import { parseDuration } from '../../base/duration.ts';
import { TemplateRuntimeError } from '../../template/index.ts';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import { USER_AGENT } from '../../version.ts';
import { compileValue } from '../compile/json-body.ts';
import type { CompiledStep } from '../compile/steps.ts';
import type { FeederData } from '../data/feeders.ts';
import { Dispatchers } from '../http/dispatchers.ts';
import { runIteration, type IterationOutcome } from '../vu/interpreter.ts';
import type { WorkerContext } from '../vu/send.ts';
import { VirtualUser } from '../vu/virtual-user.ts';
import { TraceCollector } from './collector.ts';

export interface SessionLimits {
  timeoutMs: number;
  maxExchanges: number;
  connections: number;
}

/** A plan variable could not be evaluated for the VU. */
export class VariableError extends Error {}

export class TraceSession {
  readonly collector: TraceCollector;
  readonly wc: WorkerContext;
  private readonly plan: Plan;
  readonly dispatchers: Dispatchers;
  private readonly timer: NodeJS.Timeout;
  private current: VirtualUser | undefined;
  /** Set once the deadline or the request limit stopped the call. */
  stopReason: string | undefined;

  /** `what` names the call in messages ("Try it", "Validate"). */
  /** `io`: TLS (and body) files by plan path, and the environment (a client key's passphrase may come from it). */
  constructor(
    plan: Plan,
    limits: SessionLimits,
    what: string,
    io: { files: ReadonlyMap<string, Buffer>; env: Readonly<Record<string, string | undefined>> },
    recorder = new MetricsRecorder(),
  ) {
    this.plan = plan;
    // The same Agents as a run: the plan's connection profile, and per-request ones (protocol, TLS) on demand.
    this.dispatchers = new Dispatchers(plan.defaults?.http, {
      connections: limits.connections,
      connectTimeoutMs: Math.min(parseDuration(plan.defaults?.timeout ?? '') ?? 60_000, limits.timeoutMs),
      files: io.files,
      env: io.env,
    });
    this.collector = new TraceCollector(limits.maxExchanges, () =>
      this.stop(`${what} sends at most ${limits.maxExchanges} requests; the rest was not sent`),
    );
    this.wc = { dispatcher: this.dispatchers.default, recorder, userAgent: USER_AGENT, trace: this.collector };
    this.timer = setTimeout(
      () => this.stop(`${what} stopped after ${limits.timeoutMs / 1000} s (its time limit)`),
      limits.timeoutMs,
    );
  }

  /**
   * A VU as a worker makes it: plan variables evaluated in order, then `seed` (values extracted earlier) on top,
   * and the first row of each data file.
   */
  newVu(
    id: number,
    scenario: string,
    env: Readonly<Record<string, string | undefined>>,
    feeders: readonly FeederData[],
    seed: Readonly<Record<string, unknown>> = {},
  ): VirtualUser {
    const vu = new VirtualUser(id, scenario, env, this.plan.defaults?.http?.cookies ?? 'iteration');
    for (const [key, value] of Object.entries(this.plan.variables ?? {})) {
      try {
        vu.ctx.vars.set(key, compileValue(value)(vu.ctx));
      } catch (e) {
        if (e instanceof TemplateRuntimeError) throw new VariableError(`variables.${key}: ${e.message}`);
        throw e;
      }
    }
    for (const [key, value] of Object.entries(seed)) vu.ctx.vars.set(key, value);
    for (const f of feeders) if (f.rows[0] !== undefined) vu.ctx.data[f.name] = f.rows[0];
    return vu;
  }

  /** Runs one iteration (iteration 0) of `steps` on `vu`; `failed` hears what ends it early (see WorkerContext). */
  async run(
    vu: VirtualUser,
    steps: readonly CompiledStep[],
    failed?: WorkerContext['failed'],
  ): Promise<IterationOutcome> {
    if (this.stopReason !== undefined) return 'interrupted';
    this.current = vu;
    vu.beginIteration(0);
    try {
      return await runIteration(vu, steps, failed ? { ...this.wc, failed } : this.wc);
    } finally {
      this.current = undefined;
    }
  }

  /** Ends the call: the running VU is interrupted (its request in flight is reported with `reason`). */
  stop(reason: string): void {
    if (this.stopReason !== undefined) return;
    this.stopReason = reason;
    this.collector.stopReason = reason;
    this.current?.interrupt();
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.dispatchers.close();
  }
}
