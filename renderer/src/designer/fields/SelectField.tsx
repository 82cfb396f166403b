/** A choice bound to a path; the optional "default" entry removes the key. */
import type { Path } from '../core/doc-path.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';

export interface Option {
  value: string;
  label?: string;
}

export function SelectField({
  path,
  label,
  options,
  defaultLabel,
}: {
  path: Path;
  label: string;
  options: readonly Option[];
  defaultLabel?: string;
}) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  return (
    <div className="field field-select">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={issues.length > 0}
        onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
      >
        {defaultLabel !== undefined && <option value="">{defaultLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label ?? o.value}
          </option>
        ))}
      </select>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
