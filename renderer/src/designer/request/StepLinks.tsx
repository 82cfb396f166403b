/** The steps of one list of a container step (a group's, a loop's, a branch's) as links to their editors. */
import type { Path } from '../core/doc-path.ts';
import { stepsAt } from '../core/doc/index.ts';
import { stepLabel } from '../core/steps.ts';
import { issuesAt } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function StepLinks({ listPath, title, empty }: { listPath: Path; title: string; empty?: string }) {
  const d = useDesigner();
  const list = stepsAt(d.doc, listPath);
  const id = fieldId(listPath, '-links');
  return (
    <>
      <h3 id={id}>{title}</h3>
      {list.length === 0 ? (
        <p className="muted">{empty ?? 'No steps yet: add them in the outline.'}</p>
      ) : (
        <ol className="req-step-links" aria-labelledby={id}>
          {list.map((s, i) => (
            <li key={i}>
              <button
                type="button"
                className="ghost"
                onClick={() => d.select({ kind: 'step', path: [...listPath, i] })}
              >
                {stepLabel(s)}
              </button>
            </li>
          ))}
        </ol>
      )}
      <FieldIssues id={`${id}-issues`} issues={issuesAt(d.issues, listPath)} />
    </>
  );
}
