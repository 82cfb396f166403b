/**
 * A feeder's name (the NAME of ${data.NAME.COLUMN}). Renamed when the field is left or Enter is pressed, so the
 * feeder keeps its place and undo takes the whole new name back; a name that cannot be used is explained instead.
 */
import { useEffect, useId, useState } from 'react';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { feederNameProblem } from './feeders.ts';

export function FeederName({ name, others }: { name: string; others: readonly string[] }) {
  const d = useDesigner();
  const id = useId();
  const [text, setText] = useState(name);
  useEffect(() => setText(name), [name]);
  const problem = text === name ? undefined : feederNameProblem(text, others);
  const commit = (): void => {
    if (text !== name && !problem) d.edit({ kind: 'renameKey', path: ['data'], from: name, to: text });
  };
  return (
    <div className="field">
      <label htmlFor={id}>Name</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={text}
        spellCheck={false}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setText(e.target.value.trim())}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setText(name);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-issues" aria-live="polite">
          {problem}
        </p>
      )}
    </div>
  );
}
