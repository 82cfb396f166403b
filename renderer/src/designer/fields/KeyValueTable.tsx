/**
 * An ordered map (headers, query, form fields, variables, tags) as an editable table: renaming a key keeps its
 * position, an empty new row adds an entry.
 */
import { useState } from 'react';
import type { Path } from '../core/doc-path.ts';
import { entriesOf } from '../core/doc/index.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { issuesUnder } from '../core/validation.ts';
import { FieldIssues } from './FieldIssues.tsx';
import { fieldId } from './useField.ts';

export interface KeyValueTableProps {
  path: Path;
  label: string;
  keyLabel?: string;
  valueLabel?: string;
  /** Names offered while typing a key (e.g. common headers). */
  keySuggestions?: readonly string[];
}

export function KeyValueTable({ path, label, keyLabel = 'Name', valueLabel = 'Value', keySuggestions }: KeyValueTableProps) {
  const d = useDesigner();
  // Any map of the plan (headers, query, form, variables, tags): its values are shown as text whatever they are.
  const entries = entriesOf(d.get(path));
  const [draftKey, setDraftKey] = useState('');
  const id = fieldId(path);
  const listId = keySuggestions ? `${id}-keys` : undefined;
  const issues = issuesUnder(d.issues, path);
  const show = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));
  const parse = (text: string, old: unknown): unknown => (typeof old === 'number' && text !== '' && !Number.isNaN(Number(text)) ? Number(text) : typeof old === 'boolean' && (text === 'true' || text === 'false') ? text === 'true' : text);

  return (
    <fieldset className="kv-table">
      <legend>{label}</legend>
      {listId && <datalist id={listId}>{keySuggestions?.map((k) => <option key={k} value={k} />)}</datalist>}
      <table aria-label={label}>
        {/* Column headings only over rows that have them: an empty table is just its "Add" row. */}
        {entries.length > 0 && <thead><tr><th scope="col">{keyLabel}</th><th scope="col">{valueLabel}</th><th><span className="visually-hidden">Actions</span></th></tr></thead>}
        <tbody>
          {entries.map(([k, v]) => (
            <tr key={k}>
              <td><input aria-label={`${label} ${keyLabel.toLowerCase()}`} value={k} list={listId}
                onChange={(e) => { if (e.target.value !== '' && !entries.some(([o]) => o === e.target.value)) d.edit({ kind: 'renameKey', path, from: k, to: e.target.value }); }} /></td>
              <td><input aria-label={`${label} ${valueLabel.toLowerCase()} of ${k}`} value={show(v)} onChange={(e) => d.set([...path, k], parse(e.target.value, v))} /></td>
              <td><button type="button" aria-label={`Remove ${k}`} onClick={() => d.edit({ kind: 'delete', path: [...path, k] })}>✕</button></td>
            </tr>
          ))}
          <tr className="kv-new">
            <td><input aria-label={`New ${label.toLowerCase()} ${keyLabel.toLowerCase()}`} value={draftKey} list={listId} placeholder={`Add ${keyLabel.toLowerCase()}…`}
              onChange={(e) => setDraftKey(e.target.value)}
              onKeyDown={(e) => { if (e.key === 'Enter' && draftKey !== '') { d.set([...path, draftKey], ''); setDraftKey(''); } }} /></td>
            <td colSpan={2}><button type="button" disabled={draftKey === '' || entries.some(([k]) => k === draftKey)}
              onClick={() => { d.set([...path, draftKey], ''); setDraftKey(''); }}>Add</button></td>
          </tr>
        </tbody>
      </table>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </fieldset>
  );
}
