/** What an import gives: the scenarios and requests of the plan, its problems if any, and the import report. */
import { useId } from 'react';
import type { ImportPreview } from '../../../../app/contract/plans.ts';
import { IssueList } from '../../ui/IssueList.tsx';
import { NoteGroups } from './NoteGroups.tsx';
import { reportSummary } from './report.ts';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Region "Import report" with the summary line and the grouped notes; a collapsible list "Requests". */
export function PlanOutline({ preview }: { preview: ImportPreview }) {
  const id = useId();
  return (
    <>
      <details className="import-requests">
        <summary>{plural(preview.scenarios, 'scenario')}, {plural(preview.requestCount, 'request')}</summary>
        <ol aria-label="Requests">
          {preview.requests.map((r, i) => <li key={i}><span className="method">{r.method}</span> {r.name}</li>)}
        </ol>
        {preview.requestCount > preview.requests.length && <p className="muted small">The first {preview.requests.length} of {preview.requestCount.toLocaleString('en')} requests; the plan has them all.</p>}
      </details>
      {preview.issues.length > 0 && (
        <div className="notice notice-error" role="note">
          <div className="notice-body">
            <p className="notice-title">The converted plan has problems: it will be stored as a draft to fix in the designer.</p>
            <IssueList issues={preview.issues} />
          </div>
        </div>
      )}
      <section className="import-report" aria-labelledby={`${id}-report`}>
        <h3 id={`${id}-report`}>Import report</h3>
        <p className="import-summary">{reportSummary(preview.notes)}</p>
        <NoteGroups notes={preview.notes} />
      </section>
    </>
  );
}
