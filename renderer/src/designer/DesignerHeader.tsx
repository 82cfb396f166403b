/** The designer's header: plan name, save state, environment, undo/redo, history, view mode, and the plan actions. */
import { useState } from 'react';
import { hrefFor } from '../routing/route.ts';
import { planOf } from './core/doc/index.ts';
import { HistoryDialog } from './history/HistoryDialog.tsx';
import { SaveIndicator } from './SaveIndicator.tsx';
import { useDesigner } from './state/DesignerProvider.tsx';
import { DesignerActions } from './try/DesignerActions.tsx';
import { EnvironmentSelect } from './try/EnvironmentSelect.tsx';
import type { ViewMode } from './useViewMode.ts';

export function DesignerHeader({ mode, setMode }: { mode: ViewMode; setMode: (m: ViewMode) => void }) {
  const d = useDesigner();
  const { name } = planOf(d.doc);
  const [history, setHistory] = useState(false);
  return (
    <header className="designer-header">
      <a href={hrefFor({ page: 'plans' })} className="back-link">
        ← Plan library
      </a>
      <h1 className="designer-title">{typeof name === 'string' && name !== '' ? name : 'Untitled plan'}</h1>
      <SaveIndicator />
      <span className={`validity ${d.valid ? 'ok' : 'bad'}`} role="status" aria-label="Plan validity">
        {d.valid ? 'Valid' : `${d.issues.length} problem${d.issues.length === 1 ? '' : 's'}`}
      </span>
      <div className="designer-header-tools">
        <EnvironmentSelect />
        <button type="button" onClick={d.undo} disabled={!d.canUndo} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button type="button" onClick={d.redo} disabled={!d.canRedo} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
        <button
          type="button"
          onClick={() => setHistory(true)}
          aria-haspopup="dialog"
          title="Every saved revision: what changed, restore, name a version"
        >
          History
        </button>
        {history && <HistoryDialog onClose={() => setHistory(false)} />}
        <div role="radiogroup" aria-label="View" className="segmented">
          {(['form', 'split', 'code'] as const).map((m) => (
            <button key={m} type="button" role="radio" aria-checked={mode === m} onClick={() => setMode(m)}>
              {m === 'form' ? 'Form' : m === 'split' ? 'Split' : 'YAML'}
            </button>
          ))}
        </div>
        <DesignerActions />
      </div>
    </header>
  );
}
