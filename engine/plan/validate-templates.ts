/**
 * Templates are compiled once here so that syntax errors and unknown names are reported before a run,
 * pointing at the character in the file. Environment variables are collected: whether they are set is
 * known only when the run starts.
 */
import { BUILTIN_NAMES, compileTemplate, TemplateSyntaxError } from '../template/index.ts';
import { listOf, type LocatableIssue } from './errors.ts';
import type { PathSegment } from './path.ts';
import type { Plan } from './schema/index.ts';
import { didYouMean } from './suggest.ts';
import { templateFields, usesDefault, type DefaultField, type TemplateScope } from './template-fields.ts';
import { requestsOf } from './walk.ts';

export interface EnvReference { name: string; hasDefault: boolean; path: PathSegment[] }

export function validateTemplates(plan: Plan): { issues: LocatableIssue[]; env: EnvReference[] } {
  const issues: LocatableIssue[] = [];
  const env: EnvReference[] = [];
  const names = new Names(plan);
  const feeders = plan.data ?? {};

  for (const field of templateFields(plan)) {
    let refs;
    try {
      refs = compileTemplate(field.source).references;
    } catch (e) {
      if (!(e instanceof TemplateSyntaxError)) throw e;
      issues.push({ path: field.path, message: e.message, offset: e.offset });
      continue;
    }
    for (const ref of refs) {
      const at = { path: field.path, offset: ref.offset };
      if (ref.kind === 'env') { env.push({ name: ref.name, hasDefault: ref.hasDefault, path: field.path }); continue; }
      if (ref.kind === 'builtin') {
        if (field.scope.kind === 'variable' && ref.name === 'iter') {
          issues.push({ ...at, message: 'variables are evaluated once per VU, so ${iter} cannot be used here' });
        }
        continue;
      }
      if (ref.kind === 'data') {
        if (field.scope.kind === 'variable') {
          issues.push({ ...at, message: 'variables are evaluated once per VU; use ${data...} in requests, where a row is picked per iteration' });
        } else if (!Object.hasOwn(feeders, ref.name)) {
          issues.push({ ...at, message: `no data feeder named '${ref.name}'${didYouMean(ref.name, Object.keys(feeders))}; define it under data:` });
        }
        continue;
      }
      const missing = names.missingIn(field.scope, ref.name);
      if (missing.length > 0) {
        const where = field.scope.kind === 'request' ? '' : ` in scenario${missing.length > 1 ? 's' : ''} ${listOf(missing.map((s) => `'${s}'`))}`;
        issues.push({
          ...at,
          message: field.scope.kind === 'variable'
            ? `variable '${ref.name}' is not defined before '${field.scope.name}' (variables may use variables listed above them)${didYouMean(ref.name, names.known(field.scope))}`
            : `'${ref.name}' is neither a plan variable nor extracted by a request${where}${didYouMean(ref.name, names.known(field.scope))}`,
        });
      }
    }
  }
  return { issues, env };
}

/** The names a template may use where it is, looked up in constant time (plans may have thousands). */
class Names {
  /** Plan variables in order: a variable may use the ones before it. */
  private readonly order = new Map<string, number>();
  /** Variables extracted by some request of each scenario. */
  private readonly extracted = new Map<string, Set<string>>();
  /** Scenarios using each default (a relative URL uses baseUrl, ...), computed on first use. */
  private readonly users = new Map<string, string[]>();
  private readonly plan: Plan;

  constructor(plan: Plan) {
    this.plan = plan;
    for (const [i, name] of Object.keys(plan.variables ?? {}).entries()) this.order.set(name, i);
    for (const v of requestsOf(plan)) {
      let set = this.extracted.get(v.scenario);
      if (!set) this.extracted.set(v.scenario, (set = new Set()));
      for (const name of Object.keys(v.request.extract ?? {})) set.add(name);
    }
  }

  /** The scenarios (or the variable) where `name` is not defined, for a template in `scope`. */
  missingIn(scope: TemplateScope, name: string): string[] {
    const index = this.order.get(name);
    if (scope.kind === 'variable') return index !== undefined && index < (this.order.get(scope.name) ?? 0) ? [] : [scope.name];
    if (index !== undefined) return [];
    const inScope = scope.kind === 'request' ? [scope.scenario] : this.usersOf(scope.field);
    return inScope.filter((s) => !this.extracted.get(s)?.has(name));
  }

  /** Names to suggest from, for a template in `scope`. */
  *known(scope: TemplateScope): Generator<string> {
    yield* this.order.keys();
    yield* BUILTIN_NAMES;
    if (scope.kind === 'request') yield* this.extracted.get(scope.scenario) ?? [];
  }

  private usersOf(field: DefaultField): string[] {
    const key = field.kind === 'header' ? `header:${field.name.toLowerCase()}` : field.kind;
    let found = this.users.get(key);
    if (!found) {
      found = [...new Set([...requestsOf(this.plan)].filter((v) => usesDefault(v.request, field)).map((v) => v.scenario))];
      this.users.set(key, found);
    }
    return found;
  }
}
