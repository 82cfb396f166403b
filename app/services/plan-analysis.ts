/**
 * What the library knows about a stored plan document: whether it is valid (it may be a draft), its problems
 * located in the document, and how many scenarios and requests it has.
 */
import { PlanError, validatePlanValue } from 'loadsmith/plan';
import type { PlanIssue } from '../contract/index.ts';
import { eachDraftRequest, isRecord } from './draft-requests.ts';

export { isRecord } from './draft-requests.ts';

export interface PlanAnalysis {
  valid: boolean;
  issues: PlanIssue[];
  scenarios: number;
  requests: number;
  name: string | undefined;
}

export function analyzePlan(document: unknown): PlanAnalysis {
  const stats = countParts(document);
  try {
    validatePlanValue(document);
    return { valid: true, issues: [], ...stats };
  } catch (e) {
    if (!(e instanceof PlanError)) throw e;
    return { valid: false, issues: e.issues.map(toContractIssue), ...stats };
  }
}

export function toContractIssue(i: PlanError['issues'][number]): PlanIssue {
  return {
    path: i.path,
    message: i.message,
    ...(i.position ? { line: i.position.line, column: i.position.column } : {}),
  };
}

/** Counts what it can even in an invalid draft. */
function countParts(document: unknown): { scenarios: number; requests: number; name: string | undefined } {
  const doc = isRecord(document) ? document : {};
  const scenarios = isRecord(doc.scenarios) ? Object.values(doc.scenarios) : [];
  let requests = 0;
  eachDraftRequest(doc, () => {
    requests++;
  });
  return { scenarios: scenarios.length, requests, name: typeof doc.name === 'string' ? doc.name : undefined };
}
