/** Located plan errors: every problem names the file, line:column, the path in the document and what is expected. */
import { formatPath, type PathSegment } from './path.ts';

export interface SourcePosition {
  line: number;
  column: number;
}

export interface PlanIssue {
  path: PathSegment[];
  message: string;
  position?: SourcePosition | undefined;
}

/**
 * An issue not yet placed in the file: `offset` points inside the string at `path` (template errors);
 * `atKey` points at the key of `path` rather than its value (unknown keys, threshold keys).
 */
export interface LocatableIssue extends PlanIssue {
  offset?: number;
  atKey?: boolean;
}

export class PlanError extends Error {
  readonly file: string | undefined;
  readonly issues: PlanIssue[];
  constructor(issues: PlanIssue[], file?: string) {
    super(formatIssues(issues, file));
    this.name = 'PlanError';
    this.file = file;
    this.issues = issues;
  }
}

/** One line per issue: `plans/demo.yaml:12:7: scenarios.browse.steps[2].request.url: expected ...` */
export function formatIssue(issue: PlanIssue, file?: string): string {
  const where = [file, issue.position?.line, issue.position?.column].filter((x) => x !== undefined).join(':');
  const path = issue.path.length > 0 ? `${formatPath(issue.path)}: ` : '';
  return `${where ? `${where}: ` : ''}${path}${issue.message}`;
}

/** Plan text quoted in a message, shortened when long: a 1 MB key is not repeated in full. */
export function quote(text: string, max = 60): string {
  return `'${text.length > max ? `${text.slice(0, max - 3)}...` : text}'`;
}

/** Names listed in a message: the first `max`, then how many more (a recorded plan can have thousands). */
export function listOf(names: Iterable<string>, max = 20, total?: number): string {
  const all = [...names];
  const shown = all.slice(0, max).join(', ');
  const count = total ?? all.length;
  return count > max ? `${shown} and ${count - max} more` : shown;
}

export function formatIssues(issues: readonly PlanIssue[], file?: string): string {
  const sorted = [...issues].sort(
    (a, b) =>
      (a.position?.line ?? 0) - (b.position?.line ?? 0) || (a.position?.column ?? 0) - (b.position?.column ?? 0),
  );
  return sorted.map((i) => formatIssue(i, file)).join('\n');
}
