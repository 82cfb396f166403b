/**
 * The designer header's Export menu (cURL of the selected request is offered), with the result under it: where
 * the file went, secrets written as references, and what the format could not express.
 */
import type { Doc, Path } from '../core/doc-path.ts';
import { requestOf, stepAt } from '../core/doc/index.ts';
import { requestLabel } from '../core/steps.ts';
import { describeError } from '../../ui/errors.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { selectedRequestPath } from '../try/format.ts';
import { useExport } from '../try/useExport.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { ExportOutcomeView } from './ExportOutcome.tsx';

/** The name of the request selected in the outline, as exports and results name it. */
function selectedRequestName(doc: Doc, path: Path | null): string | null {
  const request = path === null ? undefined : requestOf(stepAt(doc, path));
  return request ? requestLabel(request) : null;
}

export function DesignerExportMenu() {
  const d = useDesigner();
  const exp = useExport();
  const requestName = selectedRequestName(d.doc, selectedRequestPath(d.doc, d.selection));
  return (
    <span className="designer-export">
      <ExportMenu requestName={requestName} onExport={exp.runAs} pending={exp.pending} />
      {exp.note?.kind === 'info' && (
        <div className="designer-export-result" role="status" aria-label="Export result">
          <ExportOutcomeView outcome={exp.note.outcome} />
          <div className="actions">
            <button type="button" className="ghost" onClick={exp.dismiss}>
              Dismiss
            </button>
          </div>
        </div>
      )}
      {exp.note?.kind === 'error' && (
        <div className="designer-export-result error" role="alert">
          <p>Could not export: {describeError(exp.note.error).message}</p>
          <div className="actions">
            <button type="button" className="ghost" onClick={exp.dismiss}>
              Dismiss
            </button>
          </div>
        </div>
      )}
    </span>
  );
}
