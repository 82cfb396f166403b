/**
 * What the library knows about a stored plan document: whether it is valid (it may be a draft), its problems
 * located in the document, and how many scenarios and requests it has.
 */
import { PlanError, validatePlanValue } from 'loadsmith/plan';
import type { PlanIssue } from '../contract/index.ts';
import type { ImportWorker } from './import-worker/client.ts';
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

/**
 * Plans with this many requests or more are validated in the import worker: a 10,000-step recording takes about a
 * second, during which the app's event loop would answer no other call (issue 17). Smaller ones take milliseconds.
 */
export const OFF_THREAD_REQUESTS = 1000;

/** analyzePlan, in the import worker for a large plan (saves wait there behind a running import). */
export async function analyzePlanOffThread(imports: ImportWorker, document: unknown): Promise<PlanAnalysis> {
  const stats = countParts(document);
  if (stats.requests < OFF_THREAD_REQUESTS) return analyzePlan(document);
  return imports.run<PlanAnalysis>('plan-analysis', document, stats.name ?? 'the plan');
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
