/**
 * A request step compiled for the hot path: templates compiled, defaults merged, constant parts precomputed,
 * its metric series and check counters created. Done once per worker, not per request.
 */
import type { Check, Defaults, OnFailure, Plan, Request } from '../../plan/schema/index.ts';
import { parseDuration } from '../../base/duration.ts';
import { parseSize } from '../../base/size.ts';
import { checkName, requestName } from '../../plan/names.ts';
import { compileTemplate, type Template } from '../../template/index.ts';
import type { CheckCounter, MetricsRecorder, RequestSeries } from '../../metrics/recorder.ts';
import { changesProfile } from '../http/connection-profile.ts';
import type { Dispatchers, HttpClient } from '../http/dispatchers.ts';
import { compileCheck, type CompiledCheckRule } from '../checks.ts';
import { compileExtractor, type CompiledExtractor } from '../extract.ts';
import { compileAuth, type CompiledAuth } from './auth.ts';
import { compileBody, type CompiledBody } from './body.ts';
import { statusMatcher } from './status.ts';

/** The labels every series of a request step shares (all but status and expected). */
export type SeriesBase = Parameters<MetricsRecorder['requestSeries']>[0];

export interface CompiledRequest {
  kind: 'request';
  name: string;
  method: string;
  scenario: string;
  group: string;
  url: Template;
  baseUrl: Template | undefined;
  query: readonly [string, Template][];
  headers: readonly (readonly [string, Template])[];
  /** Lower-cased names of headers the user set (so defaults like user-agent are not added twice). */
  headerNames: ReadonlySet<string>;
  auth: CompiledAuth | undefined;
  body: CompiledBody | undefined;
  timeoutMs: number;
  maxRedirects: number;
  keepAlive: boolean;
  keepBody: boolean;
  maxBodySize: number;
  checks: readonly CheckCounter<CompiledCheckRule>[];
  extracts: readonly { variable: string; extractor: CompiledExtractor }[];
  series: RequestSeries;
  /** Keeps its last rendering (vu/render.ts): the first MEMOIZED_REQUESTS steps of a compilation. */
  memo: boolean;
  /** What `series` was made from: vu/send.ts makes a second series from it, lazily, for redirect chains cut short. */
  seriesBase: SeriesBase;
  /** The hops where maxRedirects stopped a redirect chain: failed whatever their status (vu/send.ts). */
  redirectLimitSeries?: RequestSeries;
  /** A request with its own connection options (protocol, TLS) uses its own Agent; undefined = the plan's. */
  dispatcher: HttpClient | undefined;
}

export interface CompileContext {
  plan: Plan;
  scenario: string;
  scenarioTags: Record<string, string> | undefined;
  recorder: MetricsRecorder;
  /** Body and TLS files, read by the coordinator, by path as written in the plan. */
  files: ReadonlyMap<string, Buffer>;
  /** Agents for requests with their own connection options (absent: every request uses the default one). */
  dispatchers?: Dispatchers;
  /** How flow control compiles here (absent: as a scenario with no failure policy and no status() reader). */
  flow?: FlowSettings;
  /**
   * Compiled pieces the steps of one compilation share (sharedPieces()): absent, each step compiles its own. A
   * worker compiles every step of the plan, and a recorded plan's 10,000 steps have the same baseUrl and headers.
   */
  shared?: SharedPieces;
}

/** Compiled templates and header lists by their source: they keep no state, so steps can share them. */
export interface SharedPieces {
  templates: Map<string, Template>;
  headers: Map<string, { headers: readonly (readonly [string, Template])[]; names: ReadonlySet<string> }>;
  /** Compiled checks and their names, by their definition. */
  checks: Map<string, { rule: CompiledCheckRule; check: string }>;
  /** Header [name, template] pairs, by name and value. */
  pairs: Map<string, readonly [string, Template]>;
  /** Sets of lower-cased header names, by the names. */
  names: Map<string, ReadonlySet<string>>;
  /** Request steps compiled so far with a rendering memo (MEMOIZED_REQUESTS). */
  memos: number;
}

/** A cache for one compilation (dropped with it: the compiled steps keep only what they use). */
export const sharedPieces = (): SharedPieces => ({
  templates: new Map(),
  headers: new Map(),
  checks: new Map(),
  pairs: new Map(),
  names: new Map(),
  memos: 0,
});

/**
 * The request steps of a worker that remember their last rendering (vu/render.ts), in the order they compile; the
 * others are rendered for each request. As the client's kept heads (http/fast/client.ts, CACHED_HEADS), which only
 * a remembered rendering's header array can have: a recording's 10,000 steps otherwise cost ~7 MB in every worker.
 */
export const MEMOIZED_REQUESTS = 1000;

/** What decides whether a request is watched, and what its failures do (compile/watched.ts). */
export interface FlowSettings {
  /** The policy of requests without their own: defaults.onFailure; setup's is endIteration (a failure ends the setup). */
  onFailure?: OnFailure;
  /** Arrival-rate executors pool their VUs: stopVU ends the iteration there. */
  arrivalRate?: boolean;
  /** Setup and teardown: every failure is told to the context's `failed` (their report), whatever the policy. */
  reportFailures?: boolean;
  /** Statuses status() reads in this step list: the last one, and those of these request names. */
  statuses?: { last: boolean; names: ReadonlySet<string> };
}

/** One string for each common method: each step's plan value carries a copy of its own (~24 bytes a step and worker). */
const METHODS = new Map(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].map((m) => [m, m]));
const DEFAULT_TIMEOUT_MS = 60_000;
/** What a step without query, checks or extractions holds: one frozen empty list, not one per step. */
const NONE: readonly never[] = Object.freeze([]);
const isExpectedByDefault = statusMatcher(undefined);
const DEFAULT_MAX_BODY = 10 * 1024 * 1024;

export function compileRequest(r: Request, group: string, cc: CompileContext): CompiledRequest {
  const d: Defaults = cc.plan.defaults ?? {};
  const http = d.http ?? {};
  const name = requestName(r);
  const method = METHODS.get(r.method ?? 'GET') ?? (r.method as string);
  const headers = compileHeaders(mergeHeaders(d.headers, r.headers), cc.shared);
  const tags = { ...d.tags, ...cc.scenarioTags, ...r.tags };
  const rules = r.expectedStatuses ?? http.expectedStatuses;
  const expected = rules ? statusMatcher(rules) : isExpectedByDefault;
  const seriesBase: SeriesBase = {
    scenario: cc.scenario,
    group,
    request: name,
    method,
    ...(Object.keys(tags).length > 0 ? { tags } : {}),
  };
  // The step's checks are labelled with its series base (one object for the step, not a key per check).
  const checks = (r.checks ?? NONE).map((c) => {
    const { rule, check } = compiledCheck(c, cc.shared);
    return cc.recorder.checkCounter(seriesBase, check, rule);
  });
  const extracts = (r.extract ? Object.entries(r.extract) : NONE).map(([variable, x]) => ({
    variable,
    extractor: compileExtractor(x),
  }));
  return {
    kind: 'request',
    name,
    method,
    scenario: cc.scenario,
    group,
    url: template(r.url, cc.shared),
    baseUrl: d.baseUrl !== undefined ? template(d.baseUrl, cc.shared) : undefined,
    query: r.query
      ? Object.entries(r.query).flatMap(([k, v]) =>
          (Array.isArray(v) ? v : [v]).map((x) => [k, template(String(x), cc.shared)] as [string, Template]),
        )
      : NONE,
    headers: headers.headers,
    headerNames: headers.names,
    auth: compileAuth(r.auth ?? d.auth),
    body: compileBody(r, cc.files),
    timeoutMs: parseDuration(r.timeout ?? d.timeout ?? '') ?? DEFAULT_TIMEOUT_MS,
    maxRedirects: r.maxRedirects ?? http.maxRedirects ?? 10,
    keepAlive: r.http?.keepAlive ?? http.keepAlive ?? true,
    dispatcher: changesProfile(r.http) ? cc.dispatchers?.forRequest(r.http) : undefined,
    keepBody: checks.some((c) => c.rule.needsBody) || extracts.some((x) => x.extractor.needsBody),
    maxBodySize: http.maxBodySize !== undefined ? (parseSize(http.maxBodySize) ?? DEFAULT_MAX_BODY) : DEFAULT_MAX_BODY,
    checks: checks.length > 0 ? checks : NONE,
    extracts: extracts.length > 0 ? extracts : NONE,
    series: cc.recorder.requestSeries(seriesBase, expected),
    seriesBase,
    memo: cc.shared === undefined || cc.shared.memos++ < MEMOIZED_REQUESTS,
  };
}

/** Defaults first, then the request's own headers; names compare case-insensitively, the request wins. */
function mergeHeaders(
  defaults: Record<string, unknown> | undefined,
  own: Record<string, unknown> | undefined,
): [string, string][] {
  const out = new Map<string, [string, string]>();
  for (const h of [defaults, own])
    for (const [k, v] of Object.entries(h ?? {})) out.set(k.toLowerCase(), [k, String(v)]);
  return [...out.values()];
}

/**
 * What `make` makes for `key`, made once per compilation when its pieces are `shared` (they keep no state, so the
 * steps compiled together can share them), and afresh without.
 */
function once<V>(
  shared: SharedPieces | undefined,
  pick: (p: SharedPieces) => Map<string, V>,
  key: () => string,
  make: () => V,
): V {
  if (shared === undefined) return make();
  const map = pick(shared);
  const k = key();
  let known = map.get(k);
  if (known === undefined) {
    known = make();
    map.set(k, known);
  }
  return known;
}

/**
 * A check's rule and name, shared with the steps of the compilation that have the same check (a rule keeps no state:
 * all VUs already share it). A recording gives every step a status check and most a page check: compiled per step,
 * with their closures and names, they cost ~270 bytes each in every worker.
 */
const compiledCheck = (c: Check, shared: SharedPieces | undefined): { rule: CompiledCheckRule; check: string } =>
  once(
    shared,
    (p) => p.checks,
    () => JSON.stringify(c),
    () => ({ rule: compileCheck(c), check: checkName(c) }),
  );

/** The compiled template of `source`, shared with the other steps of the compilation that have the same. */
const template = (source: string, shared: SharedPieces | undefined): Template =>
  once(
    shared,
    (p) => p.templates,
    () => source,
    () => compileTemplate(source),
  );

/**
 * One [name, template] pair for the same header in every step of the compilation. A recording's steps differ by one
 * header or two (Referer) and share the rest: a list per step with pairs of its own cost ~100 bytes a header and
 * worker (6 MB a worker for 10,000 steps with seven headers).
 */
const headerPair = (name: string, value: string, shared: SharedPieces | undefined): readonly [string, Template] =>
  once(
    shared,
    (p) => p.pairs,
    () => `${name}\n${value}`, // a header name has no newline
    () => [name, template(value, shared)] as const,
  );

/** A step's header templates and their lower-cased names, shared by the steps with the same headers. */
const compileHeaders = (
  headers: [string, string][],
  shared: SharedPieces | undefined,
): { headers: readonly (readonly [string, Template])[]; names: ReadonlySet<string> } =>
  once(
    shared,
    (p) => p.headers,
    () => JSON.stringify(headers),
    () => ({
      headers: headers.map(([k, v]) => headerPair(k, v, shared)),
      names: headerNames(
        headers.map(([k]) => k.toLowerCase()),
        shared,
      ),
    }),
  );

/**
 * The set of a step's lower-cased header names, shared with the steps that set the same names. A recording's steps
 * each have a header list of their own (their Referer differs) but the same names: a set per step cost ~220 bytes a
 * step and worker.
 */
const headerNames = (names: string[], shared: SharedPieces | undefined): ReadonlySet<string> =>
  once(
    shared,
    (p) => p.names,
    () => names.join('\n'),
    () => new Set(names),
  );
