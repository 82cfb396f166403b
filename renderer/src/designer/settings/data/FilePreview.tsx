/**
 * The first rows of a feeder's file as a run reads them (the back end parses with the engine's own loader), its
 * columns as ${data.NAME.COLUMN} and the total rows, or the parse error with its line:column.
 */
import { useEffect, useState } from 'react';
import type { Result } from '../../../../../app/contract/index.ts';
import { useClient } from '../../../api.tsx';
import { describeError } from '../../../ui/errors.ts';

type Preview = Result<'files.preview'>;
type State = { kind: 'loading' } | { kind: 'ok'; preview: Preview } | { kind: 'error'; message: string };

const cell = (v: unknown): string => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

export function FilePreview({
  name,
  file,
  format,
  delimiter,
}: {
  name: string;
  file: string;
  format?: 'csv' | 'json';
  delimiter?: string;
}) {
  const client = useClient();
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    // Debounced: the file path and delimiter may be mid-typing.
    const t = setTimeout(() => {
      client
        .call('files.preview', { path: file, ...(format ? { format } : {}), ...(delimiter ? { delimiter } : {}) })
        .then(
          (preview) => {
            if (current) setState({ kind: 'ok', preview });
          },
          (e: unknown) => {
            if (current) setState({ kind: 'error', message: describeError(e).message });
          },
        );
    }, 250);
    return () => {
      current = false;
      clearTimeout(t);
    };
  }, [client, file, format, delimiter]);

  if (state.kind === 'loading')
    return (
      <p className="hint" aria-live="polite">
        Reading {file}…
      </p>
    );
  if (state.kind === 'error')
    return (
      <p className="preview-error" aria-live="polite">
        Preview: {state.message}
      </p>
    );
  const { columns, rows, total } = state.preview;
  return (
    <div className="file-preview">
      <p className="hint" aria-live="polite">
        {total.toLocaleString('en-US')} row{total === 1 ? '' : 's'}, {columns.length} column
        {columns.length === 1 ? '' : 's'}: use as{' '}
        {columns.map((c, i) => (
          <span key={c}>
            {i > 0 && ', '}
            <code>{`\${data.${name}.${c}}`}</code>
          </span>
        ))}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">
            First {rows.length} of {total} rows of {file}
          </caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                {columns.map((c) => (
                  <td key={c} className="mono">
                    {cell(r[c])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > rows.length && (
        <p className="hint">
          First {rows.length} of {total.toLocaleString('en-US')} rows shown.
        </p>
      )}
    </div>
  );
}
