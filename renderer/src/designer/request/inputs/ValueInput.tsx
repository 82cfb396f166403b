/**
 * A value of a type the user picks (text, number, true/false, null, JSON): a jsonPath check's equals, an
 * extraction's default. The typed text is kept while it does not fit the type.
 */
import { useEffect, useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { convertValue, parseValue, VALUE_KINDS, valueKind, valueText, type ValueKind } from '../checks/value-kind.ts';

const KIND_LABELS: Record<ValueKind, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'True/false',
  null: 'null',
  json: 'JSON',
};

export function ValueInput({ path, label, optional }: { path: Path; label: string; optional?: boolean }) {
  const d = useDesigner();
  const value = d.get(path);
  const [kind, setKind] = useState<ValueKind>(valueKind(value));
  const [text, setText] = useState(valueText(value));
  useEffect(() => {
    // Outside changes (undo, code view) win unless the text already means the same value.
    setText((t) => {
      const p = parseValue(t, valueKind(value));
      return p.ok && JSON.stringify(p.value) === JSON.stringify(value) ? t : valueText(value);
    });
    if (value !== undefined) setKind(valueKind(value));
  }, [value]);
  const id = fieldId(path);
  const parsed = parseValue(text, kind);
  const issues =
    !parsed.ok && !(optional && text === '')
      ? [{ path: [...path], message: parsed.message }]
      : issuesAt(d.issues, path);
  const write = (t: string, k: ValueKind): void => {
    setText(t);
    if (optional && t === '' && k !== 'null') {
      d.set(path, undefined);
      return;
    }
    const p = parseValue(t, k);
    if (p.ok) d.set(path, p.value);
  };
  return (
    <div className="field req-value">
      <label htmlFor={id}>{label}</label>
      <span className="req-value-line">
        <select
          aria-label={`${label} type`}
          value={kind}
          onChange={(e) => {
            const k = e.target.value as ValueKind;
            setKind(k);
            const current = parseValue(text, kind);
            write(valueText(convertValue(current.ok ? current.value : text, k)), k);
          }}
        >
          {VALUE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
        {kind === 'boolean' ? (
          <select
            id={id}
            value={text === 'false' ? 'false' : 'true'}
            onChange={(e) => write(e.target.value, 'boolean')}
          >
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : (
          <input
            id={id}
            type="text"
            className={kind === 'text' ? undefined : 'mono'}
            value={kind === 'null' ? 'null' : text}
            disabled={kind === 'null'}
            aria-invalid={issues.length > 0}
            aria-describedby={issues.length ? `${id}-issues` : undefined}
            spellCheck={false}
            onChange={(e) => write(e.target.value, kind)}
          />
        )}
      </span>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
