/** One extraction: the variable, where the value comes from, an optional default, and what the last Try got. */
import type { Extractor } from 'loadsmith/plan';
import type { TraceEntry } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { draftAt, type RequestDraft } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { CheckboxField } from '../../fields/CheckboxField.tsx';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { NumberInput } from '../inputs/NumberInput.tsx';
import { RegexInput } from '../inputs/RegexInput.tsx';
import { ValueInput } from '../inputs/ValueInput.tsx';
import { ExtractResult } from '../preview/PreviewResult.tsx';
import { previewExtraction } from '../preview/preview.ts';
import { EXTRACT_KINDS, extractKind, switchExtractor, type ExtractKind } from './model.ts';
import { VariableNameInput } from './VariableNameInput.tsx';

export interface ExtractItemProps {
  extractPath: Path;
  name: string;
  index: number;
  names: readonly string[];
  entry: TraceEntry | undefined;
  /** The request as it was tried (see preview.ts). */
  tried: RequestDraft | undefined;
  /** The sources offered (all by default; a WebSocket message has no headers or cookies). */
  kinds?: readonly ExtractKind[];
}

export function ExtractItem({ extractPath, name, index, names, entry, tried, kinds }: ExtractItemProps) {
  const d = useDesigner();
  const path = [...extractPath, name];
  const extractor = draftAt<Extractor>(d.doc, path);
  const kind = extractKind(extractor);
  const n = `Extraction ${index + 1}`;
  const id = `${fieldId(extractPath)}-${index}`;
  return (
    <fieldset className="req-card" aria-describedby={`${id}-result`}>
      <legend>{n}</legend>
      <div className="req-card-head">
        <button
          type="button"
          className="ghost danger"
          aria-label={`Remove ${n.toLowerCase()}`}
          title="Remove"
          onClick={() => d.edit({ kind: 'delete', path })}
        >
          ✕
        </button>
      </div>
      <div className="req-row">
        <VariableNameInput
          extractPath={extractPath}
          name={name}
          taken={names}
          id={`${id}-name`}
          label={`${n} variable`}
        />
        <div className="field">
          <label htmlFor={`${id}-kind`}>{`${n} source`}</label>
          <select
            id={`${id}-kind`}
            value={kind ?? ''}
            onChange={(e) => d.set(path, switchExtractor(extractor, e.target.value as ExtractKind))}
          >
            {kind === undefined && <option value="">(unknown)</option>}
            {EXTRACT_KINDS.filter((k) => !kinds || kinds.includes(k.kind) || k.kind === kind).map((k) => (
              <option key={k.kind} value={k.kind}>
                {k.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {kind === 'jsonPath' && (
        <div className="req-row">
          <TextField
            path={[...path, 'jsonPath']}
            label={`${n} JSON path`}
            keepEmpty
            placeholder="$.token"
            className="req-subject"
          />
          <CheckboxField path={[...path, 'all']} label={`${n} keeps every match as a list`} />
        </div>
      )}
      {kind === 'header' && (
        <TextField
          path={[...path, 'header']}
          label={`${n} header name`}
          keepEmpty
          list="req-common-headers"
          placeholder="Location"
        />
      )}
      {kind === 'regex' && (
        <div className="req-row">
          <RegexInput path={[...path, 'regex']} label={`${n} regex`} placeholder={'name="csrf" value="([^"]+)"'} />
          <NumberInput path={[...path, 'group']} label={`${n} group`} optional integer min={0} placeholder="1" />
          <SelectField
            path={[...path, 'from']}
            label={`${n} from`}
            defaultLabel="body (default)"
            options={[{ value: 'body' }, { value: 'headers' }, { value: 'url' }]}
          />
        </div>
      )}
      {kind === 'boundary' && (
        <div className="req-row">
          <TextField
            path={[...path, 'boundary', 'left']}
            label={`${n} left boundary`}
            keepEmpty
            placeholder="id="
            className="req-subject"
          />
          <TextField
            path={[...path, 'boundary', 'right']}
            label={`${n} right boundary`}
            keepEmpty
            placeholder="&"
            className="req-subject"
          />
          <SelectField
            path={[...path, 'from']}
            label={`${n} from`}
            defaultLabel="body (default)"
            options={[{ value: 'body' }, { value: 'headers' }]}
          />
        </div>
      )}
      {kind === 'cookie' && (
        <TextField
          path={[...path, 'cookie']}
          label={`${n} cookie name`}
          keepEmpty
          placeholder="session"
          hint="From this response's Set-Cookie."
        />
      )}
      <ValueInput path={[...path, 'default']} label={`${n} default`} optional />
      <FieldIssues
        id={`${id}-issues`}
        issues={[...issuesAt(d.issues, path), ...issuesAt(d.issues, [...path, 'boundary'])]}
      />
      <ExtractResult id={`${id}-result`} preview={previewExtraction(entry, tried, name, extractor)} />
    </fieldset>
  );
}
