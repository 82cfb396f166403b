/**
 * Text -> validated plan. Four stages, each reporting located errors: syntax, version (migrate), schema (zod),
 * semantics (templates, regexes, thresholds, executors). A plan that passes is safe to hand to the runtime.
 */
import { dropDisabled } from './disabled.ts';
import { PlanError, type LocatableIssue } from './errors.ts';
import { planIssuesFromZod } from './issues.ts';
import { migrate } from './migrate.ts';
import { Plan } from './schema/index.ts';
import { MAX_DEPTH } from './limits.ts';
import { locateIssues, parsePlanSource, type PlanSource } from './source.ts';
import { withSuggestionBudget } from '../base/suggest.ts';
import { validateFlow } from './validate-flow.ts';
import { validatePassphrases } from './validate-passphrases.ts';
import { validateRequests } from './validate-requests.ts';
import { validateScenarios } from './validate-scenarios.ts';
import { validateTemplates, type EnvReference } from './validate-templates.ts';
import { validateThresholds } from './validate-thresholds.ts';
import { valueDepthIssue } from './value-depth.ts';

export interface ParsedPlan {
  plan: Plan;
  /** Environment variables the plan reads, for a clear error at run start when one is missing. */
  env: EnvReference[];
  source: PlanSource | undefined;
  file: string | undefined;
}

/** Parses and validates plan text (YAML or JSON). Throws PlanError listing every problem found. */
export function parsePlan(text: string, file?: string): ParsedPlan {
  const source = parsePlanSource(text, file);
  const result = validatePlanValue(source.value, source);
  return { ...result, source, file };
}

/** Suggestion work one validation may do (about 10 ms): thousands of typos among thousands of names stay linear. */
const SUGGESTION_WORK = 5_000_000;

/** Validates an already parsed value (from the database or the UI). Positions are filled in when a source is given. */
export function validatePlanValue(value: unknown, source?: PlanSource): { plan: Plan; env: EnvReference[] } {
  return withSuggestionBudget(SUGGESTION_WORK, () => validate(value, source));
}

function validate(value: unknown, source: PlanSource | undefined): { plan: Plan; env: EnvReference[] } {
  const fail = (issues: LocatableIssue[]): never => {
    throw new PlanError(locateIssues(issues, source), source?.file);
  };

  // Measured before anything recurses into it (plan text was measured by the parser already; values from the
  // app's database, HTTP API or designer were not).
  const tooDeep = valueDepthIssue(value, MAX_DEPTH);
  if (tooDeep) fail([tooDeep]);
  const migrated = migrate(value);
  if (migrated.issues.length > 0) fail(migrated.issues);
  const parsed = Plan.safeParse(migrated.doc);
  if (!parsed.success) fail(planIssuesFromZod(parsed.error.issues, migrated.doc));
  const plan = parsed.data as Plan;
  dropDisabled(plan);
  const templates = validateTemplates(plan);
  const issues = [
    ...validateScenarios(plan),
    ...validateRequests(plan),
    ...validatePassphrases(plan),
    ...validateFlow(plan),
    ...templates.issues,
    ...validateThresholds(plan),
  ];
  if (issues.length > 0) fail(issues);
  return { plan, env: templates.env };
}
