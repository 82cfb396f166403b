/** Editor of the selected step, by its kind: a request, a think time, a group or a batch. */
import type { Path } from '../core/doc-path.ts';
import { stepKind } from '../core/steps.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { BatchEditor } from './BatchEditor.tsx';
import { GroupEditor } from './GroupEditor.tsx';
import { useLastTryPlan } from './last-response.ts';
import { RequestEditor } from './RequestEditor.tsx';
import { ThinkEditor } from './ThinkEditor.tsx';
import './request.css';

/** `path` is the step's document path; a request inside a batch is `[...batchStep, 'batch', i]`. */
export function StepEditor({ path }: { path: Path }) {
  const d = useDesigner();
  useLastTryPlan(d.planId);
  const step = d.get(path);
  // Keyed by path: another step gets fresh editors, so no draft text (JSON body, numbers, names) crosses over.
  const key = JSON.stringify(path);
  switch (stepKind(step)) {
    case 'request': return <RequestEditor key={key} stepPath={path} />;
    case 'think': return <ThinkEditor key={key} stepPath={path} />;
    case 'group': return <GroupEditor key={key} stepPath={path} />;
    case 'batch': return <BatchEditor key={key} stepPath={path} />;
    case 'unknown':
      return (
        <section aria-labelledby="step-unknown-title" className="req-editor">
          <h2 id="step-unknown-title">Step</h2>
          <p className="muted">{step === undefined ? 'This step no longer exists.' : 'This step is not a request, think, group or batch: fix it in the code view.'}</p>
        </section>
      );
  }
}
