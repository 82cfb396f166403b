/**
 * A number bound to a path that keeps what is typed while it is not a number yet. Unlike NumberField, emptying
 * it removes the key only when `optional` (a check's status code must stay, an extraction's group need not).
 */
import { useEffect, useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';

export interface NumberInputProps {
  path: Path;
  label: string;
  optional?: boolean;
  integer?: boolean;
  min?: number;
  max?: number;
  placeholder?: string;
}

export function NumberInput({ path, label, optional, integer, min, max, placeholder }: NumberInputProps) {
  const d = useDesigner();
  const value = d.get(path);
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  useEffect(() => {
    setText((t) => (t !== '' && Number(t) === value ? t : typeof value === 'number' ? String(value) : ''));
  }, [value]);
  const id = fieldId(path);
  const n = Number(text);
  const mine =
    text === ''
      ? optional
        ? []
        : ['write a number']
      : !Number.isFinite(n) || (integer && !Number.isInteger(n))
        ? [integer ? 'write a whole number' : 'write a number']
        : [];
  const issues = mine.length ? mine.map((message) => ({ path: [...path], message })) : issuesAt(d.issues, path);
  return (
    <div className="field field-number">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        value={text}
        min={min}
        max={max}
        step={integer ? 1 : 'any'}
        placeholder={placeholder}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const v = Number(e.target.value);
          if (e.target.value === '') {
            if (optional) d.set(path, undefined);
          } else if (Number.isFinite(v) && (!integer || Number.isInteger(v))) d.set(path, v);
        }}
      />
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
