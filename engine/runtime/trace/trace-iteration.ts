/**
 * Validate: one iteration of each scenario (in plan order) with one VU, in this process, through the same code a
 * run uses; think times are skipped and data files give their first row. Every request is reported in document
 * order. Bounded: at most 200 exchanges and 2 minutes per call, 60 s per request.
 */
import { performance } from 'node:perf_hooks';
import { formatPath } from '../../plan/path.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { maxVus } from '../../plan/schedule.ts';
import { MetricsRecorder } from '../../metrics/recorder.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { compileSteps } from '../compile/steps.ts';
import { localPlanFiles, type PlanFileSource } from '../files/plan-files.ts';
import { checkPlanFiles } from '../prepare.ts';
import { widestBatch } from '../worker/setup.ts';
import type { TraceEntry } from './entry.ts';
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
  const blocked = scenariosBlockedBy(plan, checked.issues);
  const files = new Map(checked.files.map(([p, d]) => [p, Buffer.from(d.buffer, d.byteOffset, d.byteLength)]));
  const errors: IterationTrace['errors'] = [];
  const entries: TraceEntry[] = [];

  const runs = scenarioRuns(plan, options.scenario);
  const compiled = new Map<string, { steps: ReturnType<typeof compileSteps>; sites: TraceSites }>();
  const recorder = new MetricsRecorder();
  // One connection per request of the widest batch: the VU reuses its kept-alive connection, as in a run.
  const widest = Math.max(1, ...runs.map(({ name }) => widestBatch(plan.scenarios[name]?.steps ?? [])));
  const limits = { timeoutMs: options.timeoutMs ?? VALIDATE_TIMEOUT_MS, maxExchanges: options.maxRequests ?? VALIDATE_MAX_REQUESTS, connections: widest };
  const session = new TraceSession(plan, limits, 'Validate', { files, env }, recorder);
  for (const { name } of runs) {
    const sc = plan.scenarios[name];
    // A scenario stopped by a file problem is not compiled: its body file is not there to compile with.
    if (!sc || blocked.has(name)) continue;
    const steps = compileSteps(sc.steps, '', { plan, scenario: name, scenarioTags: sc.tags, recorder, files, dispatchers: session.dispatchers });
    compiled.set(name, { steps, sites: traceSites(sc.steps, steps, ['scenarios', name, 'steps']) });
  }

  try {
    for (const { name, vuId } of runs) {
      const problems = blocked.get(name);
      if (problems) {
        for (const p of problems) errors.push({ scenario: name, message: `not run: ${formatPath(p.path)}: ${p.message}` });
        continue;
      }
      const c = compiled.get(name);
      if (!c) continue;
      if (session.stopReason !== undefined) {
        errors.push({ scenario: name, message: `not run: ${session.stopReason}` });
        continue;
      }
      let vu;
      try {
        vu = session.newVu(vuId, name, env, checked.feeders);
      } catch (e) {
        if (!(e instanceof VariableError)) throw e;
        errors.push({ scenario: name, message: `not run: ${e.message}` });
        continue;
      }
      await session.run(vu, c.steps);
      const got = session.collector.entries(name, c.sites.sites);
      entries.push(...got);
      const ended = got.find((e) => e.error?.kind === 'template' || e.error?.kind === 'invalid-url');
      if (session.stopReason !== undefined) errors.push({ scenario: name, message: session.stopReason });
      else if (ended) errors.push({ scenario: name, message: `the iteration ended at '${ended.name}' (${ended.error?.message}); the steps after it were not run` });
    }
  } finally {
    await session.close();
  }
  return { entries, errors, durationMs: performance.now() - t0 };
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
