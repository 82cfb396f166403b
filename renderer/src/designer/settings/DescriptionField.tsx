/** The plan's description: free text over several lines; empty removes the key. */
import { issuesAt } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';

export function DescriptionField() {
  const d = useDesigner();
  const path = ['description'];
  const id = fieldId(path);
  const value = d.get(path);
  const issues = issuesAt(d.issues, path);
  return (
    <div className="field">
      <label htmlFor={id}>Description</label>
      <textarea
        id={id}
        rows={3}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => d.set(path, e.target.value === '' ? undefined : e.target.value)}
      />
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
