/** A batch step: requests sent in parallel. The list orders, adds and removes them; each is edited on its own. */
import type { Path } from '../core/doc-path.ts';
import { newStep, stepsAt } from '../core/doc/index.ts';
import { stepLabel } from '../core/steps.ts';
import { issuesUnder } from '../core/validation.ts';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { ListItemTools } from './ListItemTools.tsx';

export function BatchEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const listPath = [...stepPath, 'batch'];
  const list = stepsAt(d.doc, listPath);
  const id = fieldId(stepPath, '-batch');
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>Batch</h2>
      <p className="hint">
        These requests are sent at the same time (like k6 http.batch); the step ends when all have answered.
      </p>
      <ol className="req-batch-list" aria-label="Requests in this batch">
        {list.map((item, i) => {
          const problems = issuesUnder(d.issues, [...listPath, i]).length;
          return (
            <li key={i} className="req-batch-item">
              <button
                type="button"
                className="req-batch-open"
                aria-label={`Edit request ${i + 1}: ${stepLabel(item)}`}
                onClick={() => d.select({ kind: 'step', path: [...listPath, i] })}
              >
                <span className="req-batch-n" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {stepLabel(item)}
              </button>
              {problems > 0 && (
                <span className="text-bad small">{problems === 1 ? '1 problem' : `${problems} problems`}</span>
              )}
              <ListItemTools listPath={listPath} index={i} count={list.length} what={`request ${i + 1}`} keepLast />
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        onClick={() => d.edit({ kind: 'insert', path: listPath, index: list.length, value: newStep('request') })}
      >
        Add request to batch
      </button>
    </section>
  );
}
