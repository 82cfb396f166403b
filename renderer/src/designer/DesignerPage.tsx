/** #/plans/:id — the plan designer: tree, editor panel, code view and results around one plan document. */
import { useEffect } from 'react';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { Loading } from '../ui/Loading.tsx';
import { useLoad, useTitle } from '../ui/hooks.ts';
import { CredentialsNotice } from './CredentialsNotice.tsx';
import { DesignerHeader } from './DesignerHeader.tsx';
import { EditorPanel } from './EditorPanel.tsx';
import { CodeView } from './code/CodeView.tsx';
import { DesignerProvider, useDesigner } from './state/DesignerProvider.tsx';
import { PlanTree } from './tree/PlanTree.tsx';
import { ResultsPanel } from './try/ResultsPanel.tsx';
import { TryProvider } from './try/TryProvider.tsx';
import { TabMemoryProvider } from './state/TabMemory.tsx';
import { TemplateSourcesProvider } from './request/template/TemplateSourcesProvider.tsx';
import { useViewMode } from './useViewMode.ts';
import './designer.css';

export function DesignerPage({ id }: { id: string }) {
  const plan = useLoad((c) => c.call('plans.get', { id }), id);
  useTitle(plan.data?.name ?? 'Plan');
  if (plan.data === undefined) {
    return plan.error !== undefined ? (
      <ErrorNotice title="Could not open the plan" error={plan.error} />
    ) : (
      <Loading what="Loading plan…" />
    );
  }
  // Loaded once: from here the designer owns the document (autosave writes it back). Everything the designer
  // remembers (results, tabs) lives in these providers, so another plan starts afresh.
  return (
    <DesignerProvider
      key={plan.data.id}
      planId={plan.data.id}
      document={plan.data.document}
      revision={plan.data.revision}
      credentials={plan.data.credentials}
    >
      <TryProvider>
        <TabMemoryProvider>
          <TemplateSourcesProvider>
            <DesignerLayout />
          </TemplateSourcesProvider>
        </TabMemoryProvider>
      </TryProvider>
    </DesignerProvider>
  );
}

function DesignerLayout() {
  const d = useDesigner();
  const [mode, setMode] = useViewMode();
  useUndoKeys(d.undo, d.redo);
  return (
    <div className={`designer designer-${mode}`}>
      <DesignerHeader mode={mode} setMode={setMode} />
      <CredentialsNotice />
      <div className="designer-body">
        <aside className="designer-tree" aria-label="Plan outline">
          <PlanTree />
        </aside>
        {mode !== 'code' && (
          <main className="designer-editor" aria-label="Editor">
            <EditorPanel />
          </main>
        )}
        {mode !== 'form' && (
          <section className="designer-code" aria-label="Plan as YAML">
            <CodeView />
          </section>
        )}
      </div>
      <section className="designer-results" aria-label="Results">
        <ResultsPanel />
      </section>
    </div>
  );
}

/** Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z (or Ctrl+Y) undo the designer, except where a text field has its own undo. */
function useUndoKeys(undo: () => void, redo: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable || t.closest('.monaco-editor'))
      )
        return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
}
