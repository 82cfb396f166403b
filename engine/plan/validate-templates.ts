/**
 * Templates are compiled once here so that syntax errors and unknown names are reported before a run,
 * pointing at the character in the file. Environment variables are collected: whether they are set is
 * known only when the run starts.
 */
import { BUILTIN_NAMES, compileTemplate, TemplateSyntaxError } from '../template/index.ts';
import type { LocatableIssue } from './errors.ts';
import type { PathSegment } from './path.ts';
import type { Plan } from './schema/index.ts';
import { didYouMean } from './suggest.ts';
import { templateFields, usesDefault, type DefaultField, type TemplateScope } from './template-fields.ts';
import { requestsOf } from './walk.ts';

export interface EnvReference { name: string; hasDefault: boolean; path: PathSegment[] }

export function validateTemplates(plan: Plan): { issues: LocatableIssue[]; env: EnvReference[] } {
  const issues: LocatableIssue[] = [];
  const env: EnvReference[] = [];
  const variables = Object.keys(plan.variables ?? {});
  const extracted = extractedByScenario(plan);
  const users = (field: DefaultField): string[] => [...new Set([...requestsOf(plan)].filter((v) => usesDefault(v.request, field)).map((v) => v.scenario))];
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
        } else if (!(ref.name in feeders)) {
          issues.push({ ...at, message: `no data feeder named '${ref.name}'${didYouMean(ref.name, Object.keys(feeders))}; define it under data:` });
        }
        continue;
      }
      const missing = missingIn(field.scope, ref.name, variables, extracted, users);
      if (missing.length > 0) {
        const where = field.scope.kind === 'request' ? '' : ` in scenario${missing.length > 1 ? 's' : ''} ${missing.map((s) => `'${s}'`).join(', ')}`;
        const known = [...variables, ...BUILTIN_NAMES, ...(field.scope.kind === 'request' ? extracted.get(field.scope.scenario) ?? [] : [])];
        issues.push({
          ...at,
          message: field.scope.kind === 'variable'
            ? `variable '${ref.name}' is not defined before '${field.scope.name}' (variables may use variables listed above them)${didYouMean(ref.name, known)}`
            : `'${ref.name}' is neither a plan variable nor extracted by a request${where}${didYouMean(ref.name, known)}`,
        });
      }
    }
  }
  return { issues, env };
}

function missingIn(scope: TemplateScope, name: string, variables: string[], extracted: Map<string, string[]>, users: (f: DefaultField) => string[]): string[] {
  if (scope.kind === 'variable') {
    const before = variables.slice(0, variables.indexOf(scope.name));
    return before.includes(name) ? [] : [scope.name];
  }
  if (variables.includes(name)) return [];
  const inScope = scope.kind === 'request' ? [scope.scenario] : users(scope.field);
  return inScope.filter((s) => !(extracted.get(s) ?? []).includes(name));
}

function extractedByScenario(plan: Plan): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const v of requestsOf(plan)) {
    const list = out.get(v.scenario) ?? [];
    list.push(...Object.keys(v.request.extract ?? {}));
    out.set(v.scenario, list);
  }
  return out;
}
