/** "Add scenario": asks for a name inline (a free one is suggested), then adds a ready-to-run scenario. */
import { useState } from 'react';
import type { Doc } from '../core/doc-path.ts';
import { scenarioNames } from '../core/doc/index.ts';
import { scenarioNameProblem, uniqueName } from './labels.ts';

export function AddScenario({ doc, add }: { doc: Doc; add: (name: string) => void }) {
  const [name, setName] = useState<string | null>(null);
  const taken = scenarioNames(doc);
  if (name === null) {
    return (
      <button type="button" className="tree-add-scenario" onClick={() => setName(uniqueName('scenario', taken))}>
        + Add scenario
      </button>
    );
  }
  const problem = scenarioNameProblem(name.trim(), taken);
  const submit = (): void => {
    if (problem) return;
    add(name.trim());
    setName(null);
  };
  return (
    <form
      className="tree-add-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label>
        <span>New scenario name</span>
        <input
          autoFocus
          value={name}
          aria-invalid={problem !== null}
          onFocus={(e) => e.target.select()}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              setName(null);
            }
          }}
        />
      </label>
      {problem && (
        <span className="tree-problem" role="alert">
          {problem}
        </span>
      )}
      <div className="tree-add-actions">
        <button type="submit" className="primary" disabled={problem !== null}>
          Add
        </button>
        <button type="button" onClick={() => setName(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
