/** A number input without a visible label (table cells); keeps partial text ("1.") while storing numbers only. */
import { useEffect, useState } from 'react';

export interface NumberCellProps {
  label: string;
  value: unknown;
  min?: number;
  step?: number | 'any';
  invalid?: boolean;
  /** undefined when emptied. */
  onChange(value: number | undefined): void;
}

export function NumberCell({ label, value, min, step, invalid, onChange }: NumberCellProps) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // An outside change (undo, the code view) replaces the text; typing that parses to the same number does not.
  useEffect(() => {
    setText((t) =>
      typeof value === 'number' ? (t !== '' && Number(t) === value ? t : String(value)) : value === undefined ? '' : t,
    );
  }, [value]);
  return (
    <input
      type="number"
      inputMode="decimal"
      aria-label={label}
      value={text}
      min={min}
      step={step ?? 1}
      aria-invalid={invalid}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '') onChange(undefined);
        else if (!Number.isNaN(Number(e.target.value))) onChange(Number(e.target.value));
      }}
    />
  );
}
