/**
 * Validate: setup (when the plan has one), then one iteration of each scenario (in plan order) with one VU reading
 * what setup extracted, then teardown; in this process, through the same code a run uses. Think times are skipped
 * (but inside loops, where they pace polling) and data files give their first row. Every request is reported in the
 * order it ran, each loop pass apart, with what flow control decided. Bounded: at most 200 exchanges and 2 minutes
 * per call, 60 s per request.
 */
import { performance } from 'node:perf_hooks';
import { formatPath, type PathSegment } from '../../plan/path.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { maxVus } from '../../plan/schedule.ts';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Plan, Step } from '../../plan/schema/index.ts';
import { SETUP, TEARDOWN } from '../../plan/walk.ts';
import { flowSettingsOf } from '../compile/flow-settings.ts';
import { compileSteps, type CompiledStep } from '../compile/steps.ts';
import { loadStepPackages } from '../protocol-packages.ts';
import { localPlanFiles, type PlanFileSource } from '../files/plan-files.ts';
import { checkPlanFiles } from '../prepare.ts';
import { widestBatch } from '../worker/setup.ts';
import type { TraceEntry } from './entry.ts';
import type { FlowTraceEntry } from './flow-entry.ts';
import type { WsTraceEntry } from '../ws/trace.ts';
import { assertEnvironment, TraceInputError } from './errors.ts';
import { scenariosBlockedBy } from './file-issues.ts';
import { TraceSession, VariableError } from './session.ts';
import { traceSites, type TraceSites } from './sites.ts';

export interface TraceIterationOptions {
  env?: Readonly<Record<string, string | undefined>>;
  /** Directory data and body files are relative to (when `files` is not given). */
  baseDir?: string;
  /** Where the plan's files come from; default: localPlanFiles(baseDir). */
  files?: PlanFileSource;
  /** Only this scenario. */
  scenario?: string;
  /** Limits of the whole call (defaults: 120 s, 200 exchanges). */
  timeoutMs?: number;
  maxRequests?: number;
}

export interface IterationTrace {
  entries: TraceEntry[];
  /** What is not one request's: data files, plan variables, an iteration cut short, the call's limits. */
  errors: { scenario: string; message: string }[];
  /** What flow control decided, in the order it did: branches, loop passes, weighted draws, once blocks. */
  flow: FlowTraceEntry[];
  /** Every WebSocket session, in the order they ended: handshake, messages with their times, checks, close. */
  websockets: WsTraceEntry[];
  /** What setup extracted, which every VU then read (absent without setup, or when it failed). */
  setup?: Record<string, unknown>;
  durationMs: number;
}

export const VALIDATE_TIMEOUT_MS = 120_000;
export const VALIDATE_MAX_REQUESTS = 200;

/**
 * Runs one iteration of each scenario of a valid plan and returns every request and response.
 * @throws PlanError (invalid plan), MissingEnvironmentError, TraceInputError (unknown scenario).
 */
export async function traceIteration(planValue: Plan, options: TraceIterationOptions = {}): Promise<IterationTrace> {
  const t0 = performance.now();
  const { plan, env: refs } = validatePlanValue(planValue);
  if (options.scenario !== undefined && !Object.hasOwn(plan.scenarios, options.scenario)) {
    throw new TraceInputError(`the plan has no scenario named '${options.scenario}'`);
  }
  const env = { ...options.env };
  assertEnvironment(refs, env);
  const checked = await checkPlanFiles(plan, options.files ?? localPlanFiles(options.baseDir ?? process.cwd()));
  await loadStepPackages(plan);
  const blocked = scenariosBlockedBy(plan, checked.issues);
  const files = new Map(checked.files.map(([p, d]) => [p, Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
  const errors: IterationTrace['errors'] = [];

  const runs = scenarioRuns(plan, options.scenario);
  const recorder = new MetricsRecorder();
  // One connection per request of the widest batch: the VU reuses its kept-alive connection, as in a run.
  const widest = Math.max(
    1,
    ...runs.map(({ name }) => widestBatch(plan.scenarios[name]?.steps ?? [])),
    widestBatch(plan.setup?.steps ?? []),
    widestBatch(plan.teardown?.steps ?? []),
  );
  const limits = {
    timeoutMs: options.timeoutMs ?? VALIDATE_TIMEOUT_MS,
    maxExchanges: options.maxRequests ?? VALIDATE_MAX_REQUESTS,
    connections: widest,
  };
  const session = new TraceSession(plan, limits, 'Validate', { files, env }, recorder);
  const out: IterationTrace = { entries: [], errors, flow: [], websockets: [], durationMs: 0 };
  const settingsOf = flowSettingsOf(plan);
  const list = (
    name: string,
    steps: readonly Step[] | undefined,
    at: PathSegment[],
    vuId: number,
    seed: Record<string, unknown>,
    feeders: typeof checked.feeders,
  ) => {
    const sc = plan.scenarios[name];
    const compiled = compileSteps(
      steps ?? [],
      '',
      {
        plan,
        scenario: name,
        scenarioTags: sc?.tags,
        recorder,
        files,
        dispatchers: session.dispatchers,
        flow: settingsOf(name),
      },
      at,
    );
    return { name, vuId, compiled, sites: traceSites(steps ?? [], compiled, at), seed, feeders };
  };

  try {
    let setupData: Record<string, unknown> = {};
    if (plan.setup) {
      const ran = await runList(session, list(SETUP, plan.setup.steps, ['setup', 'steps'], 0, {}, []), env, out);
      if (ran.ended !== undefined) {
        errors.push({ scenario: SETUP, message: `setup failed, so no scenario was run: ${ran.ended}` });
        return { ...out, durationMs: performance.now() - t0 };
      }
      out.setup = setupData = ran.data;
    }
    for (const { name, vuId } of runs) {
      const problems = blocked.get(name);
      // A scenario stopped by a file problem is not compiled: its body file is not there to compile with.
      if (problems) {
        for (const p of problems)
          errors.push({ scenario: name, message: `not run: ${formatPath(p.path)}: ${p.message}` });
        continue;
      }
      await runList(
        session,
        list(name, plan.scenarios[name]?.steps, ['scenarios', name, 'steps'], vuId, setupData, checked.feeders),
        env,
        out,
      );
    }
    if (plan.teardown)
      await runList(session, list(TEARDOWN, plan.teardown.steps, ['teardown', 'steps'], 0, setupData, []), env, out);
  } finally {
    await session.close();
  }
  return { ...out, durationMs: performance.now() - t0 };
}

interface ListRun {
  name: string;
  vuId: number;
  compiled: CompiledStep[];
  sites: TraceSites;
  seed: Record<string, unknown>;
  feeders: Parameters<TraceSession['newVu']>[3];
}

/** One iteration of a step list on a VU of its own; its entries, flow and errors go to `out`. */
async function runList(
  session: TraceSession,
  l: ListRun,
  env: Record<string, string | undefined>,
  out: IterationTrace,
): Promise<{ ended: string | undefined; data: Record<string, unknown> }> {
  if (session.stopReason !== undefined) {
    out.errors.push({ scenario: l.name, message: `not run: ${session.stopReason}` });
    return { ended: session.stopReason, data: {} };
  }
  let vu;
  try {
    vu = session.newVu(l.vuId, l.name, env, l.feeders, l.seed);
  } catch (e) {
    if (!(e instanceof VariableError)) throw e;
    out.errors.push({ scenario: l.name, message: `not run: ${e.message}` });
    return { ended: e.message, data: {} };
  }
  let ended: string | undefined;
  await session.run(vu, l.compiled, (request, reason, ends) => {
    if (ends) ended ??= `'${request}' (${reason})`;
  });
  const got = session.collector.entries(l.name, l.sites.sites);
  out.entries.push(...got);
  out.flow.push(...session.collector.takeFlow(l.name));
  out.websockets.push(...session.collector.takeWebSockets(l.name));
  const built = got.find((e) => e.error?.kind === 'template' || e.error?.kind === 'invalid-url');
  ended ??= built ? `'${built.name}' (${built.error?.message})` : undefined;
  if (session.stopReason !== undefined) out.errors.push({ scenario: l.name, message: session.stopReason });
  else if (ended !== undefined && l.name !== SETUP)
    out.errors.push({ scenario: l.name, message: `the iteration ended at ${ended}; the steps after it were not run` });
  const data: Record<string, unknown> = {};
  for (const site of l.sites.sites)
    for (const x of site.req.extracts) if (vu.ctx.vars.has(x.variable)) data[x.variable] = vu.ctx.vars.get(x.variable);
  return { ended: session.stopReason ?? ended, data };
}

/** Scenarios to run, with the id their first VU has in a real run (VU numbers continue across scenarios). */
function scenarioRuns(plan: Plan, only: string | undefined): { name: string; vuId: number }[] {
  const out: { name: string; vuId: number }[] = [];
  let base = 0;
  for (const [name, sc] of Object.entries(plan.scenarios)) {
    if (only === undefined || only === name) out.push({ name, vuId: base + 1 });
    base += maxVus(sc);
  }
  return out;
}
