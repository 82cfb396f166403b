/**
 * Status codes and ranges as one text ("200, 201, 300-399"). The text is kept while it does not parse; the
 * document changes only when it does. Empty removes the key (the defaults apply).
 */
import { useEffect, useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { formatStatuses, parseStatuses } from './statuses.ts';

export interface StatusListFieldProps {
  path: Path;
  label: string;
  placeholder?: string;
  hint?: string;
  /** false: codes only (a status check's list). */
  allowRanges?: boolean;
  /** Keep the key when emptied (a status check needs its value). */
  required?: boolean;
}

export function StatusListField({
  path,
  label,
  placeholder,
  hint,
  allowRanges = true,
  required,
}: StatusListFieldProps) {
  const d = useDesigner();
  const value = d.get(path);
  const [text, setText] = useState(() => formatStatuses(value));
  useEffect(() => {
    setText((t) => {
      const p = parseStatuses(t, allowRanges);
      return p.ok && JSON.stringify(p.items) === JSON.stringify(value) ? t : formatStatuses(value);
    });
  }, [value, allowRanges]);
  const id = fieldId(path);
  const parsed = text.trim() === '' ? undefined : parseStatuses(text, allowRanges);
  const mine = parsed && !parsed.ok ? [{ path: [...path], message: parsed.message }] : [];
  const issues = mine.length ? mine : issuesUnder(d.issues, path);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={text}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : hint ? `${id}-hint` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim() === '') {
            if (!required) d.set(path, undefined);
            return;
          }
          const p = parseStatuses(e.target.value, allowRanges);
          if (p.ok) d.set(path, p.items);
        }}
      />
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
