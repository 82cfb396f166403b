/** Text bound to a path; an empty text removes the key unless `keepEmpty`. */
import type { Path } from '../core/doc-path.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';

export interface TextFieldProps {
  path: Path;
  label: string;
  placeholder?: string;
  keepEmpty?: boolean;
  hint?: string;
  list?: string;
  className?: string;
}

export function TextField({ path, label, placeholder, keepEmpty, hint, list, className }: TextFieldProps) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
        placeholder={placeholder}
        list={list}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => set(e.target.value === '' && !keepEmpty ? undefined : e.target.value)}
      />
      {hint && <small className="field-hint">{hint}</small>}
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
