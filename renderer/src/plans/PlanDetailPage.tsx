/** #/plans/:id: the plan's facts, its issues and its document. The visual designer comes later. */
import { hrefFor } from '../routing/route.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad, useTitle } from '../ui/hooks.ts';
import { IssueList } from '../ui/IssueList.tsx';
import { Loading } from '../ui/Loading.tsx';
import { Time } from '../ui/Time.tsx';
import { DocumentPreview } from './DocumentPreview.tsx';
import { ValidityBadge } from './ValidityBadge.tsx';

/** Heading = the plan's name; sections "Issues" and "Document". */
export function PlanDetailPage({ id }: { id: string }) {
  const plan = useLoad((c) => c.call('plans.get', { id }), id);
  useTitle(plan.data?.name ?? 'Plan');
  const back = <p className="breadcrumb"><a href={hrefFor({ page: 'plans' })}>← Plan library</a></p>;
  if (plan.data === undefined) {
    return (
      <section className="page">
        {back}
        {plan.error !== undefined ? <ErrorNotice title="Could not load the plan" error={plan.error} /> : <Loading what="Loading plan…" />}
      </section>
    );
  }
  const p = plan.data;
  return (
    <section className="page" aria-labelledby="plan-heading">
      {back}
      <header className="page-header">
        <h1 id="plan-heading">{p.name} <ValidityBadge valid={p.valid} /></h1>
        <dl className="facts">
          <div><dt>Revision</dt><dd>{p.revision}</dd></div>
          <div><dt>Updated</dt><dd><Time iso={p.updatedAt} /></dd></div>
          <div><dt>Created</dt><dd><Time iso={p.createdAt} /></dd></div>
          <div><dt>Scenarios</dt><dd>{p.scenarios}</dd></div>
          <div><dt>Requests</dt><dd>{p.requests}</dd></div>
        </dl>
      </header>
      <div className="placeholder" role="note">
        <strong>The visual designer is coming.</strong> Until then, export the plan, edit the file, and import it again.
      </div>
      <section aria-labelledby="issues-heading">
        <h2 id="issues-heading">Issues</h2>
        {p.issues.length === 0
          ? <p className="text-good">No issues: this plan can run.</p>
          : <IssueList issues={p.issues} label="Issues" />}
      </section>
      <section aria-labelledby="document-heading">
        <h2 id="document-heading">Document</h2>
        <DocumentPreview document={p.document} />
      </section>
    </section>
  );
}
