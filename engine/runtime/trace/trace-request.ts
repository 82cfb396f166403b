/**
 * Try it: sends one request step of a plan once, in this process, through the same code a run uses (compile,
 * send, checks, extractions), and reports it as a TraceEntry. Only what the request needs must be ready: the
 * environment variables it (or a default it uses, or a plan variable) reads, its data files, its body file.
 */
import { PlanError, type PlanIssue } from '../../plan/errors.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import { formatPath, type PathSegment } from '../../plan/path.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { fieldReferences, templateFields, usesDefault } from '../../plan/template-fields.ts';
import { requestsOf, SETUP, TEARDOWN, type RequestVisit } from '../../plan/walk.ts';
import { grpcCallsOf, type GrpcVisit } from '../../plan/grpc-names.ts';
import { compileRequest } from '../compile/request.ts';
import { compileGrpc } from '../grpc/compile.ts';
import { loadCallFiles } from '../grpc/plan-files.ts';
import { loadStepPackages } from '../protocol-packages.ts';
import { tlsFiles } from '../http/connection-profile.ts';
import { loadFeeders } from '../data/load.ts';
import { localPlanFiles, PlanFileError, type FileUse, type PlanFileSource } from '../files/plan-files.ts';
import type { VirtualUser } from '../vu/virtual-user.ts';
import type { TraceEntry } from './entry.ts';
import { assertEnvironment, TraceInputError } from './errors.ts';
import type { TracedStep } from './hook.ts';
import { TraceSession, VariableError } from './session.ts';
import { stepPathOf } from './try-plan.ts';
import { forTrace, MAX_REQUEST_TIMEOUT_MS } from './sites.ts';

export interface TraceRequestOptions {
  /** Values for ${env.X} (the chosen environment). */
  env?: Readonly<Record<string, string | undefined>>;
  /** VU variables to start from, on top of the plan's (e.g. values extracted by an earlier Try or Validate). */
  variables?: Readonly<Record<string, unknown>>;
  /** Directory data and body files are relative to (when `files` is not given). */
  baseDir?: string;
  /** Where the plan's files come from; default: localPlanFiles(baseDir). */
  files?: PlanFileSource;
  /** Time limit of the whole call; default (and maximum) 60 s. */
  timeoutMs?: number;
}

export interface RequestTraceResult {
  entry: TraceEntry;
  /** `variables` after this request's extractions (a failed one without default removes its variable). */
  variables: Record<string, unknown>;
}

/**
 * Sends the request step at `path` ([..., 'steps', i] or [..., 'batch', j], with or without a final 'request'), or
 * makes the gRPC call of a gRPC step, once, as VU 1 in iteration 0. A request that cannot be built (unset variable) is an entry with an error.
 * @throws MissingEnvironmentError, PlanError (data or body file), TraceInputError (not a request step).
 */
export async function traceRequest(
  planValue: Plan,
  path: readonly PathSegment[],
  options: TraceRequestOptions = {},
): Promise<RequestTraceResult> {
  const { plan, env: refs } = validatePlanValue(planValue);
  const stepPath = stepPathOf(path);
  const visit: StepVisit | undefined =
    [...requestsOf(plan)].find((v) => samePath(v.path.slice(0, -1), stepPath)) ??
    [...grpcCallsOf(plan)].find((v) => samePath(v.path.slice(0, -1), stepPath));
  if (!visit) throw new TraceInputError(`${formatPath(stepPath)} is not a request or gRPC step of this plan`);
  await loadStepPackages(plan);
  const env = { ...options.env };
  assertEnvironment(
    refs.filter((r) => concerns(r.path, visit)),
    env,
  );
  const { feeders, files } = await loadInputs(
    plan,
    visit,
    options.files ?? localPlanFiles(options.baseDir ?? process.cwd()),
  );

  const session = new TraceSession(
    plan,
    {
      timeoutMs: Math.min(options.timeoutMs ?? MAX_REQUEST_TIMEOUT_MS, MAX_REQUEST_TIMEOUT_MS),
      maxExchanges: 50,
      connections: 1,
    },
    'Try it',
    { files, env },
  );
  const sc = plan.scenarios[visit.scenario];
  const cc = {
    plan,
    scenario: visit.scenario,
    scenarioTags: sc?.tags,
    recorder: session.wc.recorder,
    files,
    dispatchers: session.dispatchers,
  };
  let req: TracedStep;
  if ('call' in visit) {
    const call = compileGrpc(visit.call, visit.group, cc);
    // A call's wait is capped as a request's is (sites.ts).
    call.timeoutMs = Math.min(call.timeoutMs, MAX_REQUEST_TIMEOUT_MS);
    req = call;
  } else req = forTrace(compileRequest(visit.request, visit.group, cc));
  const variables: Record<string, unknown> = { ...options.variables };
  let vu: VirtualUser | undefined;
  try {
    try {
      // Setup and teardown run as VU 0 (k6's __VU in setup()), scenarios' first VU is 1.
      vu = session.newVu(
        visit.scenario === SETUP || visit.scenario === TEARDOWN ? 0 : 1,
        visit.scenario,
        env,
        feeders,
        variables,
      );
      await session.run(vu, [req]);
    } catch (e) {
      if (!(e instanceof VariableError)) throw e;
      session.collector.failed(req, 'template', e.message);
    }
    if (session.collector.exchanges === 0 && session.stopReason !== undefined)
      session.collector.failed(req, 'interrupted', session.stopReason);
  } finally {
    await session.close();
  }
  const entry = session.collector.entries(visit.scenario, [{ req, path: stepPath }])[0];
  if (!entry) throw new Error(`Try it: ${formatPath(stepPath)} produced no trace`);
  for (const x of entry.extracted) {
    if (vu?.ctx.vars.has(x.variable)) variables[x.variable] = vu.ctx.vars.get(x.variable);
    else delete variables[x.variable];
  }
  return { entry, variables };
}

/** A request step or a gRPC step, with the path of its `request` or `grpc` object. */
type StepVisit = RequestVisit | GrpcVisit;

/** Does an environment reference at `at` matter for this request? */
function concerns(at: readonly PathSegment[], visit: StepVisit): boolean {
  if (samePath(at.slice(0, visit.path.length), visit.path) || at[0] === 'variables') return true;
  if (at[0] !== 'defaults') return false;
  // A gRPC call reads no HTTP default (base URL, auth, headers).
  if ('call' in visit) return at[1] !== 'baseUrl' && at[1] !== 'auth' && at[1] !== 'headers' && at[1] !== 'http';
  if (at[1] === 'baseUrl') return usesDefault(visit.request, { kind: 'baseUrl' });
  if (at[1] === 'auth') return usesDefault(visit.request, { kind: 'auth' });
  if (at[1] === 'headers') return usesDefault(visit.request, { kind: 'header', name: String(at[2]) });
  return true;
}

/** The data files the request's templates (and the defaults) read, and its body file. */
async function loadInputs(plan: Plan, visit: StepVisit, source: PlanFileSource) {
  const used = new Set<string>();
  for (const f of templateFields(plan)) {
    if (f.path[0] !== 'defaults' && !samePath(f.path.slice(0, visit.path.length), visit.path)) continue;
    for (const r of fieldReferences(f)) if (r.kind === 'data') used.add(r.name);
  }
  const wanted = Object.fromEntries(Object.entries(plan.data ?? {}).filter(([name]) => used.has(name)));
  const loaded = await loadFeeders(wanted, source, 0);
  const issues: PlanIssue[] = [...loaded.issues];
  const files = new Map<string, Buffer>();
  const load = async (p: string, at: readonly PathSegment[], use: FileUse): Promise<void> => {
    try {
      files.set(p, (await source.read(p, use)).bytes);
    } catch (e) {
      if (!(e instanceof PlanFileError)) throw e;
      issues.push({ path: [...at], message: e.message });
    }
  };
  if ('call' in visit) await loadCallFiles(visit.call, visit.path, source, files, issues);
  else {
    const file = visit.request.file;
    if (file !== undefined)
      await load(typeof file === 'string' ? file : file.path, [...visit.path, 'file'], 'body file');
    for (const p of tlsFiles([plan.defaults?.http])) await load(p, ['defaults', 'http', 'tls'], 'TLS file');
    for (const p of tlsFiles([visit.request.http])) await load(p, [...visit.path, 'http', 'tls'], 'TLS file');
  }
  if (issues.length > 0) throw new PlanError(issues);
  return { feeders: loaded.feeders, files };
}

function samePath(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
