/** An if step: its condition, and its then and else steps (else is optional: added and removed here). */
import type { Path } from '../../core/doc-path.ts';
import { newRequest, objectOf, stepAt } from '../../core/doc/index.ts';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { StepLinks } from '../StepLinks.tsx';
import { ConditionField } from './ConditionField.tsx';

export function IfEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const id = fieldId(stepPath, '-if');
  const elsePath = [...stepPath, 'if', 'else'];
  const hasElse = objectOf(stepAt(d.doc, stepPath)?.if)?.else !== undefined;
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>If</h2>
      <p className="hint">
        Runs the then steps when the condition holds, else the else steps, if any (JMeter If, Gatling doIf).
      </p>
      <ConditionField path={[...stepPath, 'if', 'condition']} label="Condition" placeholder="status('Log in') == 200" />
      <StepLinks listPath={[...stepPath, 'if', 'then']} title="Then" />
      {hasElse ? (
        <>
          <StepLinks listPath={elsePath} title="Else" />
          <button type="button" onClick={() => d.edit({ kind: 'delete', path: elsePath })}>
            Remove the else steps
          </button>
        </>
      ) : (
        <>
          <h3>Else</h3>
          <p className="muted">Nothing runs when the condition is false.</p>
          <button type="button" onClick={() => d.set(elsePath, [newRequest()])}>
            Add else steps
          </button>
        </>
      )}
    </section>
  );
}
