/**
 * Everything checked and loaded before a run starts: the plan (again: it may come from the app, not a file),
 * environment variables it needs, data files and their columns, body files. Problems are PlanErrors,
 * located in the plan file when its source is known.
 */
import { isOutputCredential, withoutCredentials } from '../plan/output-credentials.ts';
import { PlanError, type LocatableIssue } from '../plan/errors.ts';
import { validatePlanValue } from '../plan/parse.ts';
import type { Plan } from '../plan/schema/index.ts';
import { locateIssues, type PlanSource } from '../plan/source.ts';
import { fieldReferences, templateFields } from '../plan/template-fields.ts';
import { SegmentTuple, type SegmentSpec } from '../base/segment-tuple.ts';
import { requestsOf, stepsOf } from '../plan/walk.ts';
import { compileTemplate } from '../template/index.ts';
import { loadFeeders, type LoadedFeeder } from './data/load.ts';
import { localPlanFiles, PlanFileError, type FileUse, type PlanFileSource } from './files/plan-files.ts';
import { readOnce } from './files/read-once.ts';
import { tlsFiles } from './http/connection-profile.ts';
import { loadGrpcFiles } from './grpc/plan-files.ts';

/** What a run is prepared from; runPlan (engine/run) adds the streaming outputs, which the runtime never sees. */
export interface PrepareOptions {
  /** Directory data and body files are relative to; default: the current directory. Not used when `files` is given. */
  baseDir?: string;
  /** Where the plan's data, body and TLS files come from; default: localPlanFiles(baseDir). The app passes its own. */
  files?: PlanFileSource;
  /** Plan file name, for messages and the summary. */
  file?: string;
  /** The plan's source text, to point errors at line:column. */
  source?: PlanSource;
  /** Environment for ${env.X}; default: a snapshot of process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Worker threads; default: available cores - 1 (at least 1), never more than the VUs. */
  workers?: number;
  /** The worker entry script, when the engine runs from a bundle (Electron) instead of its sources. */
  workerUrl?: URL;
  /** Raw results: one row per request streamed to each file (`--out ndjson=FILE`, `--out csv=FILE`). */
  outputs?: ResultOutput[];
  /**
   * Run only this execution segment of the plan (k6's --execution-segment semantics, plan/segment-share.ts); the
   * summary then carries `shard`, the data `loadsmith merge` needs. Absent: the whole plan.
   */
  segment?: SegmentSpec;
  /**
   * Each tick's per-request live totals (`tick.live.requests`: the app's live table); default true. Every second they
   * take each request name's percentiles over the whole run: with 10,000 names, ~25 MB of allocation a second on the
   * coordinator. The CLI shows none and turns them off.
   */
  liveRequests?: boolean;
}

export interface ResultOutput {
  format: 'ndjson' | 'csv';
  path: string;
}

export interface PreparedRun {
  plan: Plan;
  file: string | undefined;
  env: Record<string, string | undefined>;
  feeders: LoadedFeeder[];
  files: [string, Uint8Array][];
  iterationCounters: Record<string, number>;
  counterCount: number;
  workers: number | undefined;
  workerUrl: URL | undefined;
  /** Raw-results files, as given (the coordinator creates them). */
  outputs: ResultOutput[];
  segment: SegmentSpec | undefined;
  /** Whether ticks carry per-request live totals (PrepareOptions.liveRequests). */
  liveRequests: boolean;
}

export async function prepareRun(planValue: Plan, options: PrepareOptions = {}): Promise<PreparedRun> {
  const { source } = options;
  // A segment that cannot be used is the caller's mistake: a SegmentError, before anything is checked or started.
  const segment = options.segment ? SegmentTuple.fromSpec(options.segment).spec : undefined;
  const { plan, env: envRefs } = validatePlanValue(planValue, source);
  // A plan's templates never see the metric outputs' credentials: a plan could send them to any host (plan-outputs.ts).
  const env = { ...withoutCredentials(options.env ?? process.env) };
  const files = options.files ?? localPlanFiles(options.baseDir ?? process.cwd());
  const issues: LocatableIssue[] = [];

  const reported = new Set<string>();
  for (const ref of [...envRefs, ...outputEnvReferences(plan)]) {
    if (isOutputCredential(ref.name)) {
      issues.push({
        path: ref.path,
        message: `environment variable ${ref.name} is a metric output's credential, which plans cannot read (a plan could send it to any host): remove it from the plan; an output given with --out (or in the app's run options) uses it`,
      });
      continue;
    }
    if (ref.hasDefault || env[ref.name] !== undefined || reported.has(ref.name)) continue;
    reported.add(ref.name);
    issues.push({
      path: ref.path,
      message: `environment variable ${ref.name} is not set: pass --env ${ref.name}=... (or export it), or give a default: \${env.${ref.name}:-value}`,
    });
  }

  const base = plan.defaults?.baseUrl;
  if (base !== undefined && reported.size === 0) {
    const problem = checkBaseUrl(base, env);
    if (problem) issues.push({ path: ['defaults', 'baseUrl'], message: problem });
  }

  const iterationCounters: Record<string, number> = {};
  let counters = 0;
  for (const [name, sc] of Object.entries(plan.scenarios))
    if (sc.executor === 'shared-iterations') iterationCounters[name] = counters++;
  const checked = await checkPlanFiles(plan, files, counters);
  issues.push(...checked.issues);

  if (issues.length > 0) throw new PlanError(locateIssues(issues, source), options.file ?? source?.file);
  return {
    plan,
    file: options.file ?? source?.file,
    env,
    feeders: checked.feeders,
    files: checked.files,
    iterationCounters,
    counterCount: counters + checked.feeders.length,
    workers: options.workers,
    workerUrl: options.workerUrl,
    outputs: options.outputs ?? [],
    segment,
    liveRequests: options.liveRequests ?? true,
  };
}

/**
 * Data files (readable, parseable, with the columns templates use) and body files. Also used by
 * `loadsmith validate`. Issues with `offset` point inside a template string.
 */
export async function checkPlanFiles(
  plan: Plan,
  source: PlanFileSource,
  firstCounter = 0,
): Promise<{ feeders: LoadedFeeder[]; files: [string, Uint8Array][]; issues: LocatableIssue[] }> {
  // Feeders, bodies, TLS files and protos naming the same file share one read; all of them together are capped.
  source = readOnce(source);
  const loaded = await loadFeeders(plan.data ?? {}, source, firstCounter);
  const issues: LocatableIssue[] = [...loaded.issues];
  const columns = new Map(loaded.feeders.map((f) => [f.name, f.columns]));
  for (const field of templateFields(plan)) {
    for (const ref of fieldReferences(field)) {
      const cols = ref.kind === 'data' && ref.column !== undefined ? columns.get(ref.name) : undefined;
      if (cols && ref.column !== undefined && !cols.includes(ref.column)) {
        issues.push({
          path: field.path,
          offset: ref.offset,
          message: `data '${ref.name}' has no column '${ref.column}'; its columns are ${cols.join(', ')}`,
        });
      }
    }
  }
  const files: [string, Uint8Array][] = [];
  const load = async (p: string, at: LocatableIssue['path'], use: FileUse): Promise<void> => {
    if (files.some(([q]) => q === p)) return;
    try {
      files.push([p, (await source.read(p, use)).bytes]);
    } catch (e) {
      if (!(e instanceof PlanFileError)) throw e;
      issues.push({ path: at, message: e.message });
    }
  };
  for (const { request, path } of requestsOf(plan)) {
    if (request.file !== undefined)
      await load(typeof request.file === 'string' ? request.file : request.file.path, [...path, 'file'], 'body file');
    for (const p of tlsFiles([request.http])) await load(p, [...path, 'http', 'tls'], 'TLS file');
  }
  for (const { step, path } of stepsOf(plan))
    if ('websocket' in step)
      for (const p of tlsFiles([step.websocket])) await load(p, [...path, 'websocket', 'tls'], 'TLS file');
  for (const p of tlsFiles([plan.defaults?.http])) await load(p, ['defaults', 'http', 'tls'], 'TLS file');
  const grpc = await loadGrpcFiles(plan, source);
  for (const [p, bytes] of grpc.files) if (!files.some(([q]) => q === p)) files.push([p, bytes]);
  issues.push(...grpc.issues);
  return { feeders: loaded.feeders, files, issues };
}

/** `${env.X}` in the outputs' URLs, which plan validation does not collect (only a run opens them). */
function outputEnvReferences(plan: Plan): { name: string; hasDefault: boolean; path: (string | number)[] }[] {
  return (plan.outputs ?? []).flatMap((o, i) => {
    try {
      return compileTemplate(o.url)
        .references.filter((r) => r.kind === 'env')
        .map((r) => ({ name: r.name, hasDefault: r.hasDefault, path: ['outputs', i, 'url'] }));
    } catch {
      return []; // a URL that does not compile is refused when the output is opened, with its reason
    }
  });
}

/**
 * A baseUrl that depends only on the environment is known before the run: refuse one that is not an
 * http(s) URL (say an empty BASE_URL) rather than fail every request of the run.
 */
function checkBaseUrl(source: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  const t = compileTemplate(source);
  if (t.references.some((r) => r.kind !== 'env')) return undefined;
  let value: string;
  try {
    value = t.render({ vu: 0, iter: 0, scenario: '', env, vars: new Map(), data: {} });
  } catch {
    return undefined;
  }
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    /* reported below */
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return undefined;
  const from = t.references.map((r) => r.name);
  return `is '${value}', not an http(s):// URL${from.length ? ` (check environment variable ${from.join(', ')})` : ''}`;
}
