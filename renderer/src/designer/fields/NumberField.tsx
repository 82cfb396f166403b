/** A number bound to a path; empty removes the key (the engine's default applies). */
import { useEffect, useState } from 'react';
import type { Path } from '../core/doc-path.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId, useField } from './useField.ts';

export function NumberField({
  path,
  label,
  min,
  step,
  placeholder,
}: {
  path: Path;
  label: string;
  min?: number;
  step?: number;
  placeholder?: string;
}) {
  const { value, set, issues } = useField(path);
  const id = fieldId(path);
  // Keep what the user types ("1." or "") while only storing numbers.
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // An outside change (undo, the code view) replaces what is shown; typing that parses to the same number does not.
  useEffect(() => {
    setText((t) =>
      typeof value === 'number'
        ? t !== '' && Number(t) === value
          ? t
          : String(value)
        : value === undefined && !Number.isNaN(Number(t))
          ? ''
          : t,
    );
  }, [value]);
  return (
    <div className="field field-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={text}
        min={min}
        step={step ?? 1}
        placeholder={placeholder}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') set(undefined);
          else if (!Number.isNaN(Number(e.target.value))) set(Number(e.target.value));
        }}
      />
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
