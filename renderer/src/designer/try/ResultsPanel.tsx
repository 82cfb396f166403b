/**
 * The results region under the designer: the selected request's last Try it response, or the Validate inspector,
 * or the error that stopped them; collapsed while there is nothing to show. Selecting another request shows that
 * request's own last result (never the previous request's); an error goes once the step or environment changes.
 */
import { useEffect, useRef } from 'react';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { EntryDetail } from './EntryDetail.tsx';
import { selectedRequestPath } from './format.ts';
import { ResizeHandle } from './ResizeHandle.tsx';
import type { TryResult } from './try-store.ts';
import { useLastTry, useTryState, useTryStore } from './TryProvider.tsx';
import { ValidationView } from './ValidationView.tsx';
import { VariablesBar } from './VariablesBar.tsx';
import { SessionResult } from './websocket/SessionResults.tsx';
import './try.css';

export function ResultsPanel() {
  const d = useDesigner();
  const store = useTryStore();
  const s = useTryState();
  const r = s.result;
  const path = selectedRequestPath(d.doc, d.selection);
  const selectedEntry = useLastTry(path ?? [])?.entry;
  useDropStaleError(r, `${JSON.stringify(path)}|${d.environmentId ?? ''}`);
  if (r === null && s.busy === null && Object.keys(s.variables).length === 0) return null;
  const title =
    s.busy === 'validate' || r?.kind === 'validate' || (r?.kind === 'error' && r.what === 'validate')
      ? 'Validation'
      : 'Try it result';
  return (
    <div className="try-results" aria-busy={s.busy !== null}>
      <ResizeHandle />
      <div className="try-results-bar">
        <h2>{title}</h2>
        {s.busy !== null && (
          <span className="try-busy" role="status">
            {s.busy === 'try' ? 'Trying it…' : 'Running one iteration…'}
          </span>
        )}
        <VariablesBar variables={s.variables} onClear={() => store.clearVariables()} />
        {r !== null && (
          <button
            type="button"
            className="ghost try-close"
            onClick={() => store.closeResults()}
            aria-label="Close results"
          >
            ✕
          </button>
        )}
      </div>
      {r?.kind === 'error' && (
        <ErrorNotice
          title={r.what === 'try' ? 'Could not try the request' : 'Could not validate the plan'}
          error={r.error}
        />
      )}
      {r?.kind === 'try' &&
        (selectedEntry ? (
          <EntryDetail entry={selectedEntry} />
        ) : (
          <p className="try-muted">
            {path
              ? 'No Try it result for this request yet: Try it (Ctrl+Enter) sends it once.'
              : 'Select a request to see its last Try it result.'}
          </p>
        ))}
      {r?.kind === 'session' && (
        <SessionResult session={r.session} onShowStep={() => d.select({ kind: 'step', path: r.path })} />
      )}
      {r?.kind === 'validate' && (
        <ValidationView
          result={r.result}
          selected={r.selected}
          onSelect={(i) => store.selectEntry(i)}
          onShowStep={(path) => d.select({ kind: 'step', path })}
        />
      )}
    </div>
  );
}

/** A Try it or Validate error is about what was selected and the environment then: drop it when either changes. */
function useDropStaleError(result: TryResult | null, context: string): void {
  const store = useTryStore();
  const seen = useRef(context);
  useEffect(() => {
    if (seen.current === context) return;
    seen.current = context;
    if (result?.kind === 'error') store.closeResults();
  }, [store, result, context]);
}
