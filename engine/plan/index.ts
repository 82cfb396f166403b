/** engine/plan: the plan format. Pure (no Node APIs) except file.ts, so the UI can validate plans too. */
export * from './schema/index.ts';
export { PlanError, formatIssue, formatIssues, type PlanIssue, type SourcePosition } from './errors.ts';
export { parsePlan, validatePlanValue, type ParsedPlan } from './parse.ts';
export { parsePlanSource, type PlanSource } from './source.ts';
export { MAX_ALIASED_VALUES, MAX_DEPTH, MAX_PLAN_BYTES } from './limits.ts';
export { planJsonSchema } from './json-schema.ts';
export { durationMs, formatDuration, parseDuration } from '../base/duration.ts';
export { parseSize } from '../base/size.ts';
export { requestName, checkName } from './names.ts';
export { formatPath, type PathSegment } from './path.ts';
export type { EnvReference } from './validate-templates.ts';
export { requestsPerIteration, type RequestCount } from './request-count.ts';
