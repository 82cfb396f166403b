/**
 * `loadsmith/plan` — the plan format: its zod schema and types, parsing YAML/JSON with located errors, validation,
 * durations and sizes, names, schedules (what each executor does over time), the walks over a plan's requests and
 * groups, threshold checks and the command line's overrides. Browser-safe: the UI validates and edits plans with it.
 */
export * from '../plan/index.ts';
export { BODY_KEYS } from '../plan/schema/request.ts';
export { NAME_PATTERN, VARIABLE_PATTERN } from '../plan/schema/common.ts';
export { maxVus, plannedVus, regularDurationMs, startTimeMs, type VuStep } from '../plan/schedule.ts';
export { groupsOf, requestsOf, type RequestVisit } from '../plan/walk.ts';
export { DEFAULT_COUNTER, DEFAULT_ITEM } from '../plan/loop-variables.ts';
export { validateThresholds } from '../plan/validate-thresholds.ts';
export { applyOverrides, OverrideError, type Overrides } from '../plan/overrides.ts';
