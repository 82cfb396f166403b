/**
 * A list of plan file paths (protos, import paths): one text row each, removable, and a row to add. An empty list
 * removes the key (the schema wants at least one path where the key is written).
 */
import { useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { listOf } from '../../core/doc/index.ts';
import { issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';

export function PathList({
  path,
  label,
  itemLabel,
  placeholder,
}: {
  path: Path;
  label: string;
  itemLabel: string;
  placeholder: string;
}) {
  const d = useDesigner();
  const items = listOf(d.get(path)).map((v) => (typeof v === 'string' ? v : ''));
  const [adding, setAdding] = useState('');
  const id = fieldId(path);
  const write = (next: string[]): void => d.set(path, next.length > 0 ? next : undefined);
  const add = (): void => {
    if (adding.trim() === '') return;
    write([...items, adding.trim()]);
    setAdding('');
  };
  return (
    <fieldset className="grpc-paths">
      <legend>{label}</legend>
      {items.map((p, i) => (
        <div key={i} className="grpc-path-row">
          <input
            type="text"
            className="mono"
            aria-label={`${itemLabel} ${i + 1}`}
            value={p}
            spellCheck={false}
            onChange={(e) => write(items.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <button
            type="button"
            className="ghost"
            aria-label={`Remove ${itemLabel.toLowerCase()} ${i + 1}`}
            onClick={() => write(items.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <div className="grpc-path-row">
        <input
          type="text"
          className="mono"
          aria-label={`New ${itemLabel.toLowerCase()}`}
          placeholder={placeholder}
          value={adding}
          spellCheck={false}
          onChange={(e) => setAdding(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" onClick={add} disabled={adding.trim() === ''}>
          Add
        </button>
      </div>
      <FieldIssues id={`${id}-issues`} issues={issuesUnder(d.issues, path)} />
    </fieldset>
  );
}
