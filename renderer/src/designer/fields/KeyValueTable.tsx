/**
 * An ordered map (headers, query, form fields, variables, tags) as an editable table: renaming a key keeps its
 * position, an empty new row adds an entry. With `toggles` (a request's headers and query) each row has a "send"
 * checkbox, and renaming or removing a row carries its toggle along.
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
  /** Per-row enable/disable: entries that are off stay in the plan but are not sent. */
  toggles?: RowToggles;
}

export interface RowToggles {
  isOn(name: string): boolean;
  set(name: string, on: boolean): void;
  rename(from: string, to: string): void;
  remove(name: string): void;
}

export function KeyValueTable({
  path,
  label,
  keyLabel = 'Name',
  valueLabel = 'Value',
  keySuggestions,
  toggles,
}: KeyValueTableProps) {
  const d = useDesigner();
  // Any map of the plan (headers, query, form, variables, tags): its values are shown as text whatever they are.
  const entries = entriesOf(d.get(path));
  const [draftKey, setDraftKey] = useState('');
  const id = fieldId(path);
  const listId = keySuggestions ? `${id}-keys` : undefined;
  const issues = issuesUnder(d.issues, path);
  const show = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));
  const rename = (from: string, to: string): void => {
    if (toggles) toggles.rename(from, to);
    else d.edit({ kind: 'renameKey', path, from, to });
  };
  const remove = (k: string): void => {
    if (toggles) toggles.remove(k);
    else d.edit({ kind: 'delete', path: [...path, k] });
  };
  const parse = (text: string, old: unknown): unknown =>
    typeof old === 'number' && text !== '' && !Number.isNaN(Number(text))
      ? Number(text)
      : typeof old === 'boolean' && (text === 'true' || text === 'false')
        ? text === 'true'
        : text;

  return (
    <fieldset className="kv-table">
      <legend>{label}</legend>
      {listId && (
        <datalist id={listId}>
          {keySuggestions?.map((k) => (
            <option key={k} value={k} />
          ))}
        </datalist>
      )}
      <table aria-label={label}>
        {/* Column headings only over rows that have them: an empty table is just its "Add" row. */}
        {entries.length > 0 && (
          <thead>
            <tr>
              {toggles && (
                <th scope="col">
                  <span className="visually-hidden">Send</span>
                </th>
              )}
              <th scope="col">{keyLabel}</th>
              <th scope="col">{valueLabel}</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
        )}
        <tbody>
          {entries.map(([k, v]) => (
            <tr key={k} className={toggles && !toggles.isOn(k) ? 'kv-off' : undefined}>
              {toggles && (
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Send ${k}`}
                    title={toggles.isOn(k) ? 'Sent: uncheck to keep it but not send it' : 'Not sent: check to send it'}
                    checked={toggles.isOn(k)}
                    onChange={(e) => toggles.set(k, e.target.checked)}
                  />
                </td>
              )}
              <td>
                <input
                  aria-label={`${label} ${keyLabel.toLowerCase()}`}
                  value={k}
                  list={listId}
                  onChange={(e) => {
                    if (e.target.value !== '' && !entries.some(([o]) => o === e.target.value))
                      rename(k, e.target.value);
                  }}
                />
              </td>
              <td>
                <input
                  aria-label={`${label} ${valueLabel.toLowerCase()} of ${k}`}
                  value={show(v)}
                  onChange={(e) => d.set([...path, k], parse(e.target.value, v))}
                />
              </td>
              <td>
                <button type="button" aria-label={`Remove ${k}`} onClick={() => remove(k)}>
                  ✕
                </button>
              </td>
            </tr>
          ))}
          <tr className="kv-new">
            {toggles && <td />}
            <td>
              <input
                aria-label={`New ${label.toLowerCase()} ${keyLabel.toLowerCase()}`}
                value={draftKey}
                list={listId}
                placeholder={`Add ${keyLabel.toLowerCase()}…`}
                onChange={(e) => setDraftKey(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && draftKey !== '') {
                    d.set([...path, draftKey], '');
                    setDraftKey('');
                  }
                }}
              />
            </td>
            <td colSpan={2}>
              <button
                type="button"
                disabled={draftKey === '' || entries.some(([k]) => k === draftKey)}
                onClick={() => {
                  d.set([...path, draftKey], '');
                  setDraftKey('');
                }}
              >
                Add
              </button>
            </td>
          </tr>
        </tbody>
      </table>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </fieldset>
  );
}
