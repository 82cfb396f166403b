/**
 * The Query tab: the parameters typed in the URL (shown, with "Move into the table") and the request's `query`
 * map (edited in the table). Both are sent; what the URL holds is no longer hidden from this tab.
 */
import type { Path } from '../../core/doc-path.ts';
import { objectOf, requestAt } from '../../core/doc/index.ts';
import { KeyValueTable } from '../../fields/KeyValueTable.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { useRowToggles } from '../toggles/useRowToggles.ts';
import { moveQueryIntoTable, splitUrlQuery } from './url-query.ts';

export function QueryEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const req = requestAt(d.doc, requestPath) ?? {};
  const url = typeof req.url === 'string' ? req.url : '';
  const { params } = splitUrlQuery(url);
  const toggles = useRowToggles(requestPath, 'query');
  const move = (): void => {
    const moved = moveQueryIntoTable(url, objectOf(req.query));
    d.set(requestPath, { ...req, url: moved.url, query: moved.query });
  };
  return (
    <div className="req-query">
      {params.length > 0 && (
        <section className="url-params" aria-label="Parameters in the URL">
          <p className="hint">In the URL (sent as written; edit them there, or move them here):</p>
          <table className="kv-readonly">
            <tbody>
              {params.map((p, i) => (
                <tr key={i}>
                  <th scope="row" className="mono">
                    {p.name}
                  </th>
                  <td className="mono">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" onClick={move}>
            Move into the table
          </button>
        </section>
      )}
      <KeyValueTable path={[...requestPath, 'query']} label="Query parameters" keyLabel="Parameter" toggles={toggles} />
    </div>
  );
}
