/** The plan checked as the user edits, with the engine's own validator (pure), issues indexed by path. */
import { PlanError, validatePlanValue } from 'loadsmith/plan';
import type { PlanIssue } from '../../../../app/contract/index.ts';
import { startsWith, type Doc, type Path } from './doc-path.ts';

export interface Validation {
  valid: boolean;
  issues: PlanIssue[];
}

export function validate(doc: Doc): Validation {
  try {
    validatePlanValue(doc);
    return { valid: true, issues: [] };
  } catch (e) {
    if (!(e instanceof PlanError)) return { valid: false, issues: [{ path: [], message: (e as Error).message }] };
    return { valid: false, issues: e.issues.map((i) => ({ path: i.path, message: i.message })) };
  }
}

/** Issues at or below a path (a field shows its own; a tree node shows everything inside it). */
export function issuesUnder(issues: readonly PlanIssue[], path: Path): PlanIssue[] {
  return issues.filter((i) => startsWith(i.path, path));
}

/** Issues exactly at a path (a field's own message). */
export function issuesAt(issues: readonly PlanIssue[], path: Path): PlanIssue[] {
  return issues.filter((i) => i.path.length === path.length && startsWith(i.path, path));
}
