/**
 * Templates are compiled once here so that syntax errors and unknown names are reported before a run,
 * pointing at the character in the file. Environment variables are collected: whether they are set is
 * known only when the run starts.
 */
import { TemplateSyntaxError } from '../template/index.ts';
import { listOf, type LocatableIssue } from './errors.ts';
import type { PathSegment } from './path.ts';
import type { Plan } from './schema/index.ts';
import { didYouMean } from '../base/suggest.ts';
import { fieldReferences, templateFields } from './template-fields.ts';
import type { TemplateScope } from './template-strings.ts';
import { TemplateNames } from './template-names.ts';
import { SETUP, TEARDOWN } from './walk.ts';

export interface EnvReference {
  name: string;
  hasDefault: boolean;
  path: PathSegment[];
}

/** Problems in expressions reported before stopping: each may list scenarios, and nobody reads a thousand. */
const MAX_ISSUES = 1000;

export function validateTemplates(plan: Plan): { issues: LocatableIssue[]; env: EnvReference[] } {
  const issues: LocatableIssue[] = [];
  const env: EnvReference[] = [];
  const names = new TemplateNames(plan);
  const feeders = plan.data ?? {};

  for (const field of templateFields(plan)) {
    if (issues.length >= MAX_ISSUES) {
      issues.push({
        path: field.path,
        message: `more problems in \${...} expressions from here on are not listed (the first ${MAX_ISSUES} are): fix those first`,
      });
      break;
    }
    let refs;
    try {
      refs = fieldReferences(field);
    } catch (e) {
      if (!(e instanceof TemplateSyntaxError)) throw e;
      issues.push({ path: field.path, message: e.message, offset: e.offset });
      continue;
    }
    for (const ref of refs) {
      const at = { path: field.path, offset: ref.offset };
      if (ref.kind === 'env') {
        env.push({ name: ref.name, hasDefault: ref.hasDefault, path: field.path });
        continue;
      }
      if (ref.kind === 'builtin') {
        if (field.scope.kind === 'variable' && ref.name === 'iter') {
          issues.push({ ...at, message: 'variables are evaluated once per VU, so ${iter} cannot be used here' });
        }
        continue;
      }
      if (ref.kind === 'response') {
        const problem = responseProblem(ref.name, field.scope, names);
        if (problem) issues.push({ ...at, message: problem });
        continue;
      }
      if (ref.kind === 'data') {
        if (field.scope.kind === 'variable') {
          issues.push({
            ...at,
            message:
              'variables are evaluated once per VU; use ${data...} in requests, where a row is picked per iteration',
          });
        } else if (
          field.scope.kind === 'request' &&
          (field.scope.scenario === SETUP || field.scope.scenario === TEARDOWN)
        ) {
          issues.push({
            ...at,
            message: `${field.scope.scenario === SETUP ? 'setup' : 'teardown'} runs once, outside any scenario: it has no data row to read; use a plan variable or an environment variable`,
          });
        } else if (!Object.hasOwn(feeders, ref.name)) {
          issues.push({
            ...at,
            message: `no data feeder named '${ref.name}'${didYouMean(ref.name, Object.keys(feeders))}; define it under data:`,
          });
        }
        continue;
      }
      const missing = names.missing(field.scope, ref.name);
      if (missing.total > 0) {
        const where =
          field.scope.kind === 'request'
            ? ''
            : ` in scenario${missing.total > 1 ? 's' : ''} ${listOf(
                missing.names.map((s) => `'${s}'`),
                20,
                missing.total,
              )}`;
        issues.push({
          ...at,
          message:
            field.scope.kind === 'variable'
              ? names.setupNames.has(ref.name)
                ? `'${ref.name}' is extracted by setup, which runs after variables are evaluated: use \${${ref.name}} in requests instead`
                : `variable '${ref.name}' is not defined before '${field.scope.name}' (variables may use variables listed above them)${didYouMean(ref.name, names.known(field.scope))}`
              : `'${ref.name}' is neither a plan variable nor extracted by a request${where}${didYouMean(ref.name, names.known(field.scope))}`,
        });
      }
    }
  }
  return { issues, env };
}

/** status('Name') names a request of the same scenario (or of setup, or teardown). */
function responseProblem(name: string, scope: TemplateScope, names: TemplateNames): string | undefined {
  if (scope.kind !== 'request')
    return "status('...') reads a response, which variables and defaults do not have: use it in requests and conditions";
  const here = names.requestsIn(scope.scenario);
  if (name === '' || here.has(name)) return undefined;
  const where =
    scope.scenario === SETUP ? 'setup' : scope.scenario === TEARDOWN ? 'teardown' : `scenario '${scope.scenario}'`;
  return `no request named '${name}' in ${where}${didYouMean(name, here)}`;
}
