/** A problem located in the YAML text (1-based lines and columns, end exclusive), from the parser or the validator. */
import type { Path } from '../core/doc-path.ts';

export interface TextProblem {
  message: string;
  severity: 'error' | 'warning';
  /** 'syntax': the text does not parse (the plan was not updated); 'plan': the validator's issue at `path`. */
  source: 'syntax' | 'plan';
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  path?: Path;
}

/** Problems in reading order (line, then column), as the list and Monaco's F8 walk them. */
export function sortProblems(problems: readonly TextProblem[]): TextProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** "12:7" */
export function problemWhere(p: Pick<TextProblem, 'line' | 'column'>): string {
  return `${p.line}:${p.column}`;
}
