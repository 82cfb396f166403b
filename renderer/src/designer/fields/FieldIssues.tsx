/** The validator's messages under a field, announced politely and linked with aria-describedby. */
import type { PlanIssue } from '../../../../app/contract/index.ts';

export function FieldIssues({ id, issues }: { id: string; issues: readonly PlanIssue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul id={id} className="field-issues" aria-live="polite">
      {issues.map((i, n) => (
        <li key={n}>{i.message}</li>
      ))}
    </ul>
  );
}
