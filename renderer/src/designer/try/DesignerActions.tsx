/**
 * The designer's plan actions: Try it (the selected request), Validate (one iteration of the plan), Run (a load
 * test, in a dialog: environment, overrides, label) and the Export menu (YAML, JSON, k6, cURL, HAR).
 * Ctrl/Cmd+Enter is Try it, as in API clients, except inside the YAML editor. Button names stay the same while
 * busy (aria-busy and a spinner say it), so they can always be found by name.
 */
import { useCallback, useEffect, useState } from 'react';
import { DesignerExportMenu } from '../export/DesignerExportMenu.tsx';
import { RunDialog } from '../run/RunDialog.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { selectedRequestPath } from './format.ts';
import { useTryActions } from './useTryActions.ts';
import { selectedSessionPath } from './websocket/try-session.ts';
import type { Path } from '../core/doc-path.ts';

export function DesignerActions() {
  const d = useDesigner();
  const actions = useTryActions();
  const requestPath = selectedRequestPath(d.doc, d.selection);
  const sessionPath = requestPath ? null : selectedSessionPath(d.doc, d.selection);
  const path = requestPath ?? sessionPath;
  const canTry = path !== null && actions.busy === null;
  const isSession = sessionPath !== null;
  const tryIt = useCallback(
    (p: Path): Promise<void> => (isSession ? actions.trySession(p) : actions.tryRequest(p)),
    [isSession, actions],
  );
  const [running, setRunning] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      if ((e.target as HTMLElement | null)?.closest('.monaco-editor')) return;
      if (!canTry || path === null) return;
      e.preventDefault();
      void tryIt(path);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canTry, path, tryIt]);

  return (
    <span className="try-actions">
      <button
        type="button"
        className="primary"
        disabled={!canTry}
        onClick={() => path && void tryIt(path)}
        aria-busy={actions.busy === 'try'}
        title={
          sessionPath
            ? 'Run the selected WebSocket session once (Ctrl+Enter)'
            : path
              ? 'Send the selected request once (Ctrl+Enter)'
              : 'Select a request or a WebSocket session in the outline to try it'
        }
      >
        Try it
      </button>
      <button
        type="button"
        disabled={actions.busy !== null}
        onClick={() => void actions.validate()}
        aria-busy={actions.busy === 'validate'}
        title="Run every scenario once with one virtual user and show each request"
      >
        Validate
      </button>
      <button
        type="button"
        onClick={() => setRunning(true)}
        aria-haspopup="dialog"
        title="Start a load test with this plan and follow it live"
      >
        Run
      </button>
      {running && <RunDialog onClose={() => setRunning(false)} />}
      <DesignerExportMenu />
    </span>
  );
}
