/** One check: its kind's form, an optional name (the derived one shown), and its result in the last Try. */
import type { Check } from 'loadsmith/plan';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, type RequestDraft } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ListItemTools } from '../ListItemTools.tsx';
import { CheckResult } from '../preview/PreviewResult.tsx';
import { previewCheck } from '../preview/preview.ts';
import { CHECK_KINDS, checkKind, derivedCheckName } from './model.ts';
import { OpRows } from './OpRows.tsx';
import { StatusCheckForm } from './StatusCheckForm.tsx';

export interface CheckItemProps {
  listPath: Path;
  index: number;
  count: number;
  entry: TraceEntry | undefined;
  /** The request as it was tried (see preview.ts). */
  tried: RequestDraft | undefined;
}

export function CheckItem({ listPath, index, count, entry, tried }: CheckItemProps) {
  const d = useDesigner();
  const path = [...listPath, index];
  const check = draftAt<Check>(d.doc, path);
  const kind = checkKind(check);
  const n = index + 1;
  const id = fieldId(path);
  const derived = derivedCheckName(check);
  const kindLabel = CHECK_KINDS.find((k) => k.kind === kind)?.label ?? 'Unknown';
  return (
    <fieldset className="req-card" aria-describedby={`${id}-result`}>
      <legend>{`Check ${n}: ${kindLabel}`}</legend>
      <div className="req-card-head">
        <span className="req-derived" title="The name results and thresholds use">
          {derived || '…'}
        </span>
        <ListItemTools listPath={listPath} index={index} count={count} what={`check ${n}`} />
      </div>
      {kind === 'status' && <StatusCheckForm checkPath={path} />}
      {kind === 'header' && (
        <>
          <TextField
            path={[...path, 'header']}
            label="Header name"
            keepEmpty
            list="req-common-headers"
            className="req-subject"
          />
          <OpRows checkPath={path} kind="header" />
        </>
      )}
      {kind === 'jsonPath' && (
        <>
          <TextField
            path={[...path, 'jsonPath']}
            label="JSON path"
            keepEmpty
            placeholder="$.results[0].id"
            className="req-subject"
            hint="$.a.b, $['a'], [0], [-1], [*], ..name, [1:3], filters [?(@.price < 10)]"
          />
          <OpRows checkPath={path} kind="jsonPath" />
        </>
      )}
      {(kind === 'body' || kind === 'duration') && <OpRows checkPath={path} kind={kind} />}
      {kind === undefined && <p className="muted">This check is not one the editor knows; fix it in the code view.</p>}
      <TextField
        path={[...path, 'name']}
        label="Name"
        placeholder={derived || 'derived from the check'}
        className="req-check-name"
      />
      <FieldIssues id={`${id}-issues`} issues={issuesAt(d.issues, path)} />
      <CheckResult id={`${id}-result`} preview={previewCheck(entry, tried, index, check)} />
    </fieldset>
  );
}
