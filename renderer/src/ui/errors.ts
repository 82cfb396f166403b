/** What the UI shows of an error: the contract's code and plan issues when it has them, a readable message always. */
import { ContractError, type ErrorCode } from '../../../app/contract/errors.ts';
import type { PlanIssue } from '../../../app/contract/common.ts';

export interface ShownError {
  /** First line of the message: the issues, when present, carry the details. */
  message: string;
  /** The rest of a multi-line message (shown when there are no issues to show instead). */
  details: string;
  code: ErrorCode | undefined;
  issues: PlanIssue[];
}

/** Splits any thrown value into what ErrorNotice renders. */
export function describeError(error: unknown): ShownError {
  const code = error instanceof ContractError ? error.code : undefined;
  const issues = error instanceof ContractError ? (error.issues ?? []) : [];
  const text = error instanceof Error ? error.message : String(error);
  const [first = '', ...rest] = text.split('\n');
  return { message: first.trim() || 'Something went wrong', details: rest.join('\n').trim(), code, issues };
}

/** `scenarios.browse.steps[0].request.url` from an issue path. */
export function issuePath(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out === '' ? part : `.${part}`;
  return out;
}

/** `line 3:5` when the issue knows where it is in the file text, otherwise empty. */
export function issueLocation(issue: PlanIssue): string {
  if (issue.line === undefined) return '';
  return issue.column === undefined ? `line ${issue.line}` : `line ${issue.line}:${issue.column}`;
}
