/**
 * The results region under the designer: the response of the last Try it, or the Validate inspector, or the
 * error that stopped them; collapsed while there is nothing to show.
 */
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { EntryDetail } from './EntryDetail.tsx';
import { clearVariables, closeResults, selectEntry, useTryState } from './try-store.ts';
import { ValidationView } from './ValidationView.tsx';
import { VariablesBar } from './VariablesBar.tsx';
import './try.css';

export function ResultsPanel() {
  const d = useDesigner();
  const { planId } = d;
  const s = useTryState(planId);
  const r = s.result;
  if (r === null && s.busy === null && Object.keys(s.variables).length === 0) return null;
  const title = s.busy === 'validate' || r?.kind === 'validate' || (r?.kind === 'error' && r.what === 'validate') ? 'Validation' : 'Try it result';
  return (
    <div className="try-results" aria-busy={s.busy !== null}>
      <div className="try-results-bar">
        <h2>{title}</h2>
        {s.busy !== null && <span className="try-busy" role="status">{s.busy === 'try' ? 'Sending the request…' : 'Running one iteration…'}</span>}
        <VariablesBar variables={s.variables} onClear={() => clearVariables(planId)} />
        {r !== null && <button type="button" className="ghost try-close" onClick={() => closeResults(planId)} aria-label="Close results">✕</button>}
      </div>
      {r?.kind === 'error' && <ErrorNotice title={r.what === 'try' ? 'Could not try the request' : 'Could not validate the plan'} error={r.error} />}
      {r?.kind === 'try' && <EntryDetail entry={r.entry} />}
      {r?.kind === 'validate' && (
        <ValidationView result={r.result} selected={r.selected} onSelect={(i) => selectEntry(planId, i)}
          onShowStep={(e) => d.select({ kind: 'step', path: e.path })} />
      )}
    </div>
  );
}
