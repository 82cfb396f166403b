/**
 * The plan Try it runs: a request can be tried while the plan has problems elsewhere (a half-written step, a
 * threshold), since the designer is where plans are unfinished. Only the tried request's scenario is kept (as one
 * VU, one iteration), thresholds are dropped, and a broken sibling step is replaced by a placeholder that keeps
 * the indices: none of them would be sent anyway. Problems in the request itself, in its enclosing groups, or in
 * what every request uses (defaults, variables, data) still refuse the Try, with those problems only. A request
 * of setup or teardown is tried the same way, its plan holding that list and one idle scenario.
 */
import { PlanError, type PlanIssue } from '../../plan/errors.ts';
import { validatePlanValue } from '../../plan/parse.ts';
import type { PathSegment } from '../../plan/path.ts';
import type { Plan } from '../../plan/schema/index.ts';
import { TraceInputError } from './errors.ts';

const PLACEHOLDER_STEP = { think: '0s' };
const PLACEHOLDER_BATCH_ITEM = { request: { name: '(left out of Try it)', url: 'http://127.0.0.1/' } };
const MAX_ROUNDS = 8;
/** The keys whose value is a list of steps (or batch items), whose other items are siblings of the tried one. */
const STEP_LISTS: ReadonlySet<string> = new Set(['steps', 'batch', 'then', 'else']);

/** The step's path from a path to it or to its `request` or `grpc` object. */
export function stepPathOf(path: readonly PathSegment[]): PathSegment[] {
  const last = path[path.length - 1];
  return last === 'request' || last === 'grpc' ? path.slice(0, -1) : [...path];
}

/**
 * A valid plan holding the request step at `path` at the same path.
 * @throws PlanError with the problems that concern the request; TraceInputError when `path` is not in a scenario.
 */
export function planForTry(document: unknown, path: readonly PathSegment[]): Plan {
  const step = stepPathOf(path);
  const scenario = step[1];
  const inScenario = step[0] === 'scenarios' && typeof scenario === 'string' && step[2] === 'steps';
  const inSetup = (step[0] === 'setup' || step[0] === 'teardown') && step[1] === 'steps';
  if (!inScenario && !inSetup)
    throw new TraceInputError('Try it needs a request step of a scenario, of setup or of teardown');
  let doc = inScenario
    ? reduce(document, scenario as string)
    : reduceToSteps(document, step[0] as 'setup' | 'teardown');
  for (let round = 0; round < MAX_ROUNDS; round++) {
    let issues: PlanIssue[];
    try {
      return validatePlanValue(doc).plan;
    } catch (e) {
      if (!(e instanceof PlanError)) throw e;
      issues = e.issues;
    }
    const blocking = issues.filter((i) => siblingOf(i.path, step) === undefined);
    if (blocking.length > 0) throw new PlanError(blocking);
    for (const i of issues) doc = replaceAt(doc, siblingOf(i.path, step) as PathSegment[]);
  }
  throw new PlanError([
    { path: step, message: 'the plan around this request has too many problems to try it; fix them first' },
  ]);
}

/** The document with only `scenario` (as one VU, one iteration) and no thresholds. */
function reduce(document: unknown, scenario: string): unknown {
  if (!isObject(document)) return document;
  const scenarios = document.scenarios;
  const sc = isObject(scenarios) ? scenarios[scenario] : undefined;
  if (!isObject(sc)) throw new TraceInputError(`the plan has no scenario named '${scenario}'`);
  // Teardown never runs in Try it; setup stays, for the names it extracts (the designer passes their values in).
  const { thresholds: _thresholds, teardown: _teardown, ...rest } = document;
  return { ...rest, scenarios: { [scenario]: { executor: 'per-vu-iterations', steps: sc.steps } } };
}

/** For a setup or teardown request: that list (and setup, whose extractions teardown reads), and one idle scenario. */
function reduceToSteps(document: unknown, list: 'setup' | 'teardown'): unknown {
  if (!isObject(document)) return document;
  const { thresholds: _thresholds, teardown, ...rest } = document;
  if (!isObject(document[list])) throw new TraceInputError(`the plan has no ${list}`);
  return {
    ...rest,
    ...(list === 'teardown' ? { teardown } : {}),
    scenarios: { try: { executor: 'per-vu-iterations', steps: [PLACEHOLDER_STEP] } },
  };
}

/**
 * The path of the step (or batch item) holding the issue when it is a sibling of the tried step or of one of
 * its enclosing groups, branches or loops; undefined when the issue concerns the tried step, what encloses it or
 * the whole plan.
 */
function siblingOf(issue: readonly PathSegment[], step: readonly PathSegment[]): PathSegment[] | undefined {
  const root = step[0] === 'scenarios' ? 2 : 1;
  if (issue.length < root || issue.slice(0, root).some((s, i) => s !== step[i])) return undefined;
  let k = 0;
  while (k < issue.length && k < step.length && issue[k] === step[k]) k++;
  if (k === issue.length || k === step.length) return undefined; // an ancestor of the step, or inside it
  const container = issue[k - 1];
  if (
    typeof issue[k] === 'number' &&
    typeof step[k] === 'number' &&
    typeof container === 'string' &&
    STEP_LISTS.has(container)
  )
    return issue.slice(0, k + 1);
  return undefined;
}

/** The document with the step (or batch item) at `at` replaced by a placeholder of the same kind. */
function replaceAt(doc: unknown, at: readonly PathSegment[]): unknown {
  return setAt(doc, at, at[at.length - 2] === 'batch' ? PLACEHOLDER_BATCH_ITEM : PLACEHOLDER_STEP);
}

function setAt(doc: unknown, at: readonly PathSegment[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at as [PathSegment, ...PathSegment[]];
  if (Array.isArray(doc) && typeof head === 'number') {
    const copy = doc.slice();
    copy[head] = setAt(doc[head], rest, value);
    return copy;
  }
  if (isObject(doc) && typeof head === 'string') return { ...doc, [head]: setAt(doc[head], rest, value) };
  return doc;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
