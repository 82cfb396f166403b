/** A form field bound to a document path: its value, a setter, and the validator's issues for it. */
import type { PlanIssue } from '../../../../app/contract/index.ts';
import type { Path } from '../core/doc-path.ts';
import { issuesAt } from '../core/validation.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function useField(path: Path): { value: unknown; set: (v: unknown) => void; issues: PlanIssue[] } {
  const d = useDesigner();
  return { value: d.get(path), set: (v) => d.set(path, v), issues: issuesAt(d.issues, path) };
}

/** A stable DOM id for a path (label/description wiring). */
export function fieldId(path: Path, suffix = ''): string {
  return `f-${path
    .map(String)
    .join('.')
    .replace(/[^\w.-]/g, '_')}${suffix}`;
}
