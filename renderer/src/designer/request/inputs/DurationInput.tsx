/** A required duration bound to a path: emptying it keeps the key (as '') so the condition holding it stays. */
import { parseDuration } from 'loadsmith/plan';
import type { Path } from '../../core/doc-path.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';

export function DurationInput({
  path,
  label,
  placeholder = '500ms',
}: {
  path: Path;
  label: string;
  placeholder?: string;
}) {
  const d = useDesigner();
  const value = d.get(path);
  const text = typeof value === 'string' ? value : '';
  const id = fieldId(path);
  const bad = parseDuration(text) === undefined;
  const issues = bad
    ? [{ path: [...path], message: 'write a duration such as 500ms, 1s or 1m30s' }]
    : issuesAt(d.issues, path);
  return (
    <div className="field field-duration">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => d.set(path, e.target.value.trim())}
      />
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
