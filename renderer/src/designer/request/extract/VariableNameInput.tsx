/**
 * The variable an extraction writes. Renaming is applied when the name is complete (Enter or leaving the field),
 * so a half-typed name never collides with another one and undo restores the whole name in one step.
 */
import { useEffect, useState } from 'react';
import type { Path } from '../../core/doc-path.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { variableNameProblem } from './model.ts';

export function VariableNameInput({
  extractPath,
  name,
  taken,
  id,
  label,
}: {
  extractPath: Path;
  name: string;
  taken: readonly string[];
  id: string;
  label: string;
}) {
  const d = useDesigner();
  const [draft, setDraft] = useState(name);
  useEffect(() => setDraft(name), [name]);
  const problem = variableNameProblem(draft, taken, name);
  const commit = (): void => {
    if (draft === name) return;
    if (problem) setDraft(name);
    else d.edit({ kind: 'renameKey', path: extractPath, from: name, to: draft });
  };
  return (
    <div className="field req-var">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        className="mono"
        value={draft}
        spellCheck={false}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? `${id}-problem` : `${id}-hint`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          else if (e.key === 'Escape') setDraft(name);
        }}
      />
      {problem ? (
        <p id={`${id}-problem`} className="field-issues" aria-live="polite">
          {problem} (Escape keeps “{name}”)
        </p>
      ) : (
        <small id={`${id}-hint`} className="field-hint">
          Used later as <code>{`\${${draft}}`}</code>
        </small>
      )}
    </div>
  );
}
