/** Actions on one run: export (summary JSON, HTML report), set or clear its series label, delete it. */
import type { RunRow } from '../../../../app/contract/index.ts';
import { MessageList } from '../../ui/MessageList.tsx';
import { useMessages } from '../../ui/messages.ts';
import { DeleteRunButton } from './DeleteRunButton.tsx';
import { LabelForm } from './LabelForm.tsx';
import { useRunExport } from './useRunExport.tsx';
import './actions.css';

/**
 * Toolbar "Run actions": "Export JSON", "Export HTML report" (once the run has a summary), the label form, "Delete
 * run". `onChanged` is called after the label changed, so the page reloads the run.
 */
export function RunActions({ run, onChanged }: { run: RunRow; onChanged?: () => void }) {
  // The latest two results: a toolbar's confirmations should not push the run's page down.
  const messages = useMessages(2);
  const { push } = messages;
  const exportRun = useRunExport(push);
  const exportable = run.status !== 'running' && run.key !== null;
  const why = run.status === 'running' ? 'Export it when it has finished' : 'This run has no summary to export';
  return (
    <div className="run-actions">
      <div className="toolbar" role="toolbar" aria-label="Run actions">
        <button
          type="button"
          disabled={!exportable}
          title={exportable ? 'The summary with every metric and the per-second series' : why}
          onClick={() => void exportRun(run, 'json')}
        >
          Export JSON
        </button>
        <button
          type="button"
          disabled={!exportable}
          title={exportable ? 'One HTML file with the charts, readable offline' : why}
          onClick={() => void exportRun(run, 'html')}
        >
          Export HTML report
        </button>
        <LabelForm run={run} report={push} onChanged={() => onChanged?.()} />
        <span className="toolbar-spacer" />
        <DeleteRunButton run={run} report={push} />
      </div>
      <MessageList messages={messages} />
    </div>
  );
}
