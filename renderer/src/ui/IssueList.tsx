/** Plan issues as a list: where (line:column and document path), then what. */
import type { PlanIssue } from '../../../app/contract/common.ts';
import { issueLocation, issuePath } from './errors.ts';

/** Renders `issues`, or nothing when there are none. */
export function IssueList({ issues, label = 'Plan issues' }: { issues: readonly PlanIssue[]; label?: string }) {
  if (issues.length === 0) return null;
  return (
    <ul className="issues" aria-label={label}>
      {issues.map((issue, i) => {
        const where = issueLocation(issue);
        const path = issuePath(issue.path);
        return (
          <li key={i}>
            {where && <span className="issue-where">{where}</span>}
            {path && <code className="issue-path">{path}</code>}
            <span className="issue-message">{issue.message}</span>
          </li>
        );
      })}
    </ul>
  );
}
