/** A repeat's count: a whole number (stored as a number), or an expression evaluated when the loop starts. */
import type { Path } from '../../core/doc-path.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId, useField } from '../../fields/useField.ts';

export function TimesField({ path }: { path: Path }) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
  return (
    <div className="field">
      <label htmlFor={id}>Times</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={text}
        placeholder="3"
        spellCheck={false}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => {
          const t = e.target.value.trim();
          set(/^\d+$/.test(t) ? Number(t) : e.target.value);
        }}
      />
      <small className="field-hint">A whole number, or an expression giving one (len(items), env.ROUNDS).</small>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
