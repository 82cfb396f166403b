/**
 * Templates are compiled once here so that syntax errors and unknown names are reported before a run,
 * pointing at the character in the file. Environment variables are collected: whether they are set is
 * known only when the run starts.
 */
import { compileTemplate, TemplateSyntaxError } from '../template/index.ts';
import { listOf, type LocatableIssue } from './errors.ts';
import type { PathSegment } from './path.ts';
import type { Plan } from './schema/index.ts';
import { didYouMean } from './suggest.ts';
import { templateFields } from './template-fields.ts';
import { TemplateNames } from './template-names.ts';

export interface EnvReference { name: string; hasDefault: boolean; path: PathSegment[] }

/** Problems in expressions reported before stopping: each may list scenarios, and nobody reads a thousand. */
const MAX_ISSUES = 1000;

export function validateTemplates(plan: Plan): { issues: LocatableIssue[]; env: EnvReference[] } {
  const issues: LocatableIssue[] = [];
  const env: EnvReference[] = [];
  const names = new TemplateNames(plan);
  const feeders = plan.data ?? {};

  for (const field of templateFields(plan)) {
    if (issues.length >= MAX_ISSUES) {
      issues.push({ path: field.path, message: `more problems in \${...} expressions from here on are not listed (the first ${MAX_ISSUES} are): fix those first` });
      break;
    }
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
      const missing = names.missing(field.scope, ref.name);
      if (missing.total > 0) {
        const where = field.scope.kind === 'request' ? '' : ` in scenario${missing.total > 1 ? 's' : ''} ${listOf(missing.names.map((s) => `'${s}'`), 20, missing.total)}`;
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
