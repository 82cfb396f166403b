/** A duration (500ms, 30s, 1m30s) bound to a path, with the format checked as it is typed. */
import { parseDuration } from 'loadsmith/plan';
import type { Path } from '../core/doc-path.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';

export function DurationField({ path, label, placeholder }: { path: Path; label: string; placeholder?: string }) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  const text = typeof value === 'string' ? value : '';
  const bad = text !== '' && parseDuration(text) === undefined;
  const all =
    bad && issues.length === 0
      ? [{ path: [...path], message: 'write a duration such as 500ms, 30s or 1m30s' }]
      : issues;
  return (
    <div className="field field-duration">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={all.length > 0}
        aria-describedby={all.length ? `${id}-issues` : undefined}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value.trim())}
      />
      <FieldIssues id={`${id}-issues`} issues={all} />
    </div>
  );
}
