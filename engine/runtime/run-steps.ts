/**
 * Setup and teardown: step lists run once per run by the coordinator, in its own thread, before the workers start
 * and after they end (as k6's setup() and teardown()), through the same compile/send/check/extract code as a VU.
 * Their requests are measured like any other (counted under the scenario names SETUP and TEARDOWN, not in the
 * per-second timeline, which is the scenarios'). What setup extracts goes to every VU of every worker.
 * Every failure is reported; in setup one ends the list (unless its request says onFailure: continue), and so
 * does the list's timeout (default 60 s, as k6) or a stop.
 */
import { MetricsRecorder } from '../metrics/recorder.ts';
import type { Sample } from '../metrics/sample.ts';
import { parseDuration } from '../base/duration.ts';
import type { Plan } from '../plan/schema/index.ts';
import { requestsIn, SETUP, stepsIn, TEARDOWN } from '../plan/walk.ts';
import { websocketExtractions } from '../plan/websocket-fields.ts';
import { TemplateRuntimeError } from '../template/index.ts';
import { flowSettingsOf } from './compile/flow-settings.ts';
import { compileValue } from './compile/json-body.ts';
import { compileSteps } from './compile/steps.ts';
import { loadStepPackages } from './protocol-packages.ts';
import { Dispatchers } from './http/dispatchers.ts';
import { runIteration } from './vu/interpreter.ts';
import type { WorkerContext } from './vu/send.ts';
import { VirtualUser } from './vu/virtual-user.ts';
import { widestBatch } from './worker/setup.ts';

export const DEFAULT_STEPS_TIMEOUT_MS = 60_000;

export interface StepListResult {
  /** What the list extracted and still holds at its end (setup: what every VU reads). */
  data: Record<string, unknown>;
  /** Each failure, in order: `'Create user': status 500`. */
  failures: string[];
  /** Why the list stopped before its end: a failure its policy ends on, its timeout, a stop; undefined when it ran through. */
  ended: string | undefined;
  /** The measurements of its requests, checks and errors, for the run's totals. */
  sample: Sample;
}

export interface StepListInput {
  plan: Plan;
  env: Record<string, string | undefined>;
  files: [string, Uint8Array][];
  userAgent: string;
}

/** One run of setup's or teardown's steps; interrupt() ends it at once (a hard stop). */
export class StepListRun {
  readonly which: 'setup' | 'teardown';
  private readonly input: StepListInput;
  private readonly seed: Readonly<Record<string, unknown>>;
  private readonly vu: VirtualUser;
  private stopReason: string | undefined;

  constructor(which: 'setup' | 'teardown', input: StepListInput, seed: Readonly<Record<string, unknown>>) {
    this.which = which;
    this.input = input;
    this.seed = seed;
    const plan = input.plan;
    this.vu = new VirtualUser(
      0,
      which === 'setup' ? SETUP : TEARDOWN,
      input.env,
      plan.defaults?.http?.cookies ?? 'iteration',
    );
  }

  interrupt(reason: string): void {
    this.stopReason ??= reason;
    this.vu.interrupt();
  }

  async run(): Promise<StepListResult> {
    const { plan, env } = this.input;
    const list = this.which === 'setup' ? plan.setup : plan.teardown;
    const scenario = this.which === 'setup' ? SETUP : TEARDOWN;
    const recorder = new MetricsRecorder();
    const failures: string[] = [];
    let ended: string | undefined;
    const files = new Map(this.input.files.map(([p, d]) => [p, Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
    const steps = list?.steps ?? [];
    await loadStepPackages(plan);
    const dispatchers = new Dispatchers(plan.defaults?.http, {
      connections: widestBatch(steps),
      connectTimeoutMs: parseDuration(plan.defaults?.timeout ?? '') ?? 60_000,
      files,
      env,
    });
    const timeoutMs = parseDuration(list?.timeout ?? '') ?? DEFAULT_STEPS_TIMEOUT_MS;
    const timer = setTimeout(
      () => this.interrupt(`it did not finish within its timeout (${list?.timeout ?? '60s'})`),
      timeoutMs,
    );
    try {
      ended = this.variables();
      if (ended === undefined && this.stopReason === undefined) {
        const wc: WorkerContext = {
          dispatcher: dispatchers.default,
          recorder,
          userAgent: this.input.userAgent,
          failed: (request, reason, ends) => {
            failures.push(`'${request}': ${reason}`);
            if (ends) ended ??= `'${request}': ${reason}`;
          },
        };
        const compiled = compileSteps(
          steps,
          '',
          {
            plan,
            scenario,
            scenarioTags: undefined,
            recorder,
            files,
            dispatchers,
            flow: flowSettingsOf(plan)(scenario),
          },
          [this.which, 'steps'],
        );
        this.vu.beginIteration(0);
        try {
          await runIteration(this.vu, compiled, wc);
        } catch (e) {
          ended ??= `an engine fault: ${e instanceof Error ? e.message : String(e)}`;
        }
      }
    } finally {
      clearTimeout(timer);
      await dispatchers.close();
    }
    return {
      data: this.extracted(),
      failures,
      ended: this.stopReason ?? ended,
      sample: recorder.flush(0, 0, true, {}),
    };
  }

  /** Plan variables for the list's VU (as a worker's), then what setup extracted; a variable that fails ends the list. */
  private variables(): string | undefined {
    const ctx = this.vu.ctx;
    for (const [key, value] of Object.entries(this.input.plan.variables ?? {})) {
      try {
        ctx.vars.set(key, compileValue(value)(ctx));
      } catch (e) {
        if (e instanceof TemplateRuntimeError) return `variables.${key}: ${e.message}`;
        throw e;
      }
    }
    for (const [key, value] of Object.entries(this.seed)) ctx.vars.set(key, value);
    return undefined;
  }

  /** The names the list's requests extract, with the values the VU holds for them at the end. */
  private extracted(): Record<string, unknown> {
    const list = this.which === 'setup' ? this.input.plan.setup : this.input.plan.teardown;
    const out: Record<string, unknown> = {};
    const names = [...requestsIn(list?.steps ?? [], [], '', '')].flatMap(({ request }) =>
      Object.keys(request.extract ?? {}),
    );
    for (const { step } of stepsIn(list?.steps ?? [], [], '', '')) {
      if ('grpc' in step) names.push(...Object.keys(step.grpc.extract ?? {}));
      if ('websocket' in step) names.push(...websocketExtractions(step.websocket));
    }
    for (const name of names) if (this.vu.ctx.vars.has(name)) out[name] = this.vu.ctx.vars.get(name);
    return out;
  }
}

/** What the summary says of a teardown that did not go well (nothing when it did). */
export function teardownNotes(r: StepListResult): string[] {
  const out: string[] = [];
  const n = r.failures.length;
  if (n > 0)
    out.push(
      `teardown: ${n} failure${n === 1 ? '' : 's'}: ${r.failures.slice(0, 3).join('; ')}${n > 3 ? `; and ${n - 3} more` : ''}`,
    );
  if (r.ended !== undefined && !r.failures.some((f) => f === r.ended)) out.push(`teardown ended early: ${r.ended}`);
  return out;
}
