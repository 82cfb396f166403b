/**
 * Which names a `${...}` may use where it stands: plan variables (those above, inside variables), names a
 * request extracts in the same scenario, the loop variables of the scenario, what setup extracts (everywhere but
 * in variables), and for defaults, the names every scenario using that default extracts.
 * Built in one pass over the plan; each question is answered without scanning it again (plans may have thousands
 * of variables, requests, scenarios and default headers).
 */
import { BUILTIN_NAMES } from '../template/index.ts';
import { requestName } from './names.ts';
import type { Plan } from './schema/index.ts';
import { loopVariables } from './loop-variables.ts';
import { websocketExtractions, websocketNames } from './websocket-fields.ts';
import { usesDefault } from './template-fields.ts';
import type { DefaultField, TemplateScope } from './template-strings.ts';
import { grpcCallsOf } from './grpc-names.ts';
import { requestsOf, SETUP, stepsOf } from './walk.ts';

/** Where a name is missing: the first scenarios (or the variable), and how many in all. */
export interface Missing {
  names: string[];
  total: number;
}

/** Scenarios listed by `missing` before it only counts the rest. */
const LISTED = 20;

const keyOf = (field: DefaultField): string =>
  field.kind === 'header' ? `header:${field.name.toLowerCase()}` : field.kind;

export class TemplateNames {
  /** Plan variables in order: a variable may use the ones before it. */
  private readonly order = new Map<string, number>();
  private readonly extracted = new Map<string, Set<string>>();
  /** For each extracted name, the scenarios extracting it. */
  private readonly extractedBy = new Map<string, Set<string>>();
  /** Scenarios with requests, in plan order: the ones a default can apply to. */
  private readonly requesting: string[] = [];
  private readonly requests = new Map<string, number>();
  /** For each default (baseUrl, auth, header:name): how many requests of each scenario replace it with their own. */
  private readonly replaced = new Map<string, Map<string, number>>();
  /** For each default: the scenarios where every request replaces it (computed on first use). */
  private readonly replacedEverywhere = new Map<string, Set<string>>();
  /** What setup extracts: read by every scenario and teardown. */
  readonly setupNames = new Set<string>();
  /** Loop counters and items, per scenario. */
  private readonly loops = new Map<string, Set<string>>();
  /** Request names per scenario, for status('Name'). */
  private readonly requestNames = new Map<string, Set<string>>();

  constructor(plan: Plan) {
    for (const [i, name] of Object.keys(plan.variables ?? {}).entries()) this.order.set(name, i);
    for (const { step, scenario } of stepsOf(plan)) {
      for (const { name } of loopVariables(step))
        this.loops.set(scenario, (this.loops.get(scenario) ?? new Set()).add(name));
      if ('websocket' in step) {
        for (const name of websocketNames(step.websocket))
          this.loops.set(scenario, (this.loops.get(scenario) ?? new Set()).add(name));
        if (scenario === SETUP) for (const name of websocketExtractions(step.websocket)) this.setupNames.add(name);
      }
    }
    for (const { request, scenario } of requestsOf(plan)) {
      this.requestNames.set(scenario, (this.requestNames.get(scenario) ?? new Set()).add(requestName(request)));
      if (scenario === SETUP) for (const name of Object.keys(request.extract ?? {})) this.setupNames.add(name);
      const count = this.requests.get(scenario) ?? 0;
      if (count === 0) {
        this.requesting.push(scenario);
        this.extracted.set(scenario, new Set());
      }
      this.requests.set(scenario, count + 1);
      for (const name of Object.keys(request.extract ?? {})) {
        this.extracted.get(scenario)?.add(name);
        const by = this.extractedBy.get(name) ?? new Set<string>();
        this.extractedBy.set(name, by.add(scenario));
      }
      const own = new Set(Object.keys(request.headers ?? {}).map((h) => `header:${h.toLowerCase()}`));
      if (!usesDefault(request, { kind: 'baseUrl' })) own.add('baseUrl');
      if (!usesDefault(request, { kind: 'auth' })) own.add('auth');
      for (const key of own) {
        const counts = this.replaced.get(key) ?? new Map<string, number>();
        this.replaced.set(key, counts.set(scenario, (counts.get(scenario) ?? 0) + 1));
      }
    }
    // gRPC steps extract too (they use none of the HTTP defaults).
    for (const { call, scenario } of grpcCallsOf(plan)) {
      for (const name of Object.keys(call.extract ?? {})) {
        if (scenario === SETUP) this.setupNames.add(name);
        if (!this.extracted.has(scenario)) this.extracted.set(scenario, new Set());
        this.extracted.get(scenario)?.add(name);
        this.extractedBy.set(name, (this.extractedBy.get(name) ?? new Set<string>()).add(scenario));
      }
    }
  }

  /** Where `name` is not defined, for a template in `scope`. */
  missing(scope: TemplateScope, name: string): Missing {
    const none = { names: [], total: 0 };
    const index = this.order.get(name);
    if (scope.kind === 'variable')
      return index !== undefined && index < (this.order.get(scope.name) ?? 0)
        ? none
        : { names: [scope.name], total: 1 };
    if (index !== undefined || this.setupNames.has(name)) return none;
    if (scope.kind === 'request') {
      const here = this.extracted.get(scope.scenario)?.has(name) || this.loops.get(scope.scenario)?.has(name);
      return here ? none : { names: [scope.scenario], total: 1 };
    }
    return this.missingForDefault(keyOf(scope.field), name);
  }

  /** Names to suggest from, for a template in `scope`. */
  *known(scope: TemplateScope): Generator<string> {
    yield* this.order.keys();
    yield* BUILTIN_NAMES;
    if (scope.kind === 'variable') return;
    yield* this.setupNames;
    if (scope.kind === 'request')
      yield* [...(this.extracted.get(scope.scenario) ?? []), ...(this.loops.get(scope.scenario) ?? [])];
  }

  /** The request names of a scenario (or setup, teardown), for status('Name'). */
  requestsIn(scenario: string): ReadonlySet<string> {
    return this.requestNames.get(scenario) ?? new Set();
  }

  /**
   * Scenarios that use the default `key` (some request does not replace it) and do not extract `name`. Counted
   * from the scenarios that replace it everywhere and those extracting the name, not by visiting every scenario.
   */
  private missingForDefault(key: string, name: string): Missing {
    let replacing = this.replacedEverywhere.get(key);
    if (!replacing) {
      replacing = new Set();
      for (const [scenario, n] of this.replaced.get(key) ?? [])
        if (n === this.requests.get(scenario)) replacing.add(scenario);
      this.replacedEverywhere.set(key, replacing);
    }
    const extracting = this.extractedBy.get(name) ?? new Set<string>();
    const [small, large] = replacing.size < extracting.size ? [replacing, extracting] : [extracting, replacing];
    let both = 0;
    for (const s of small) if (large.has(s)) both++;
    const total = this.requesting.length - replacing.size - extracting.size + both;
    const names: string[] = [];
    for (const s of this.requesting) {
      if (total === 0 || names.length === LISTED) break;
      if (!replacing.has(s) && !extracting.has(s)) names.push(s);
    }
    return { names, total };
  }
}
