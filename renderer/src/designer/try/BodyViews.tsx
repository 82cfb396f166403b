/** The Body and Headers tabs: the response body (pretty when JSON), and the headers received and sent. */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { fmtBytes } from '../../format/numbers.ts';
import { prettyBody } from './format.ts';

type Response = NonNullable<TraceEntry['response']>;

export function ResponseBody({ response }: { response: Response | null }) {
  if (!response) return <p className="try-muted">No response was received.</p>;
  const { body, bodyTruncated, size, contentType } = response;
  if (body === '' && bodyTruncated) {
    return (
      <p className="try-muted">
        The body is not text ({contentType ?? 'unknown type'}, {fmtBytes(size)} received), so it is not shown.
      </p>
    );
  }
  if (body === '') return <p className="try-muted">The response has no body.</p>;
  const shown = prettyBody(body, contentType);
  return (
    <>
      {bodyTruncated && <p className="try-muted">Only the beginning of the body is shown.</p>}
      <pre className={`try-body mono${shown.json ? ' json' : ''}`} aria-label="Response body">
        {shown.text}
      </pre>
    </>
  );
}

export function HeadersView({ entry }: { entry: TraceEntry }) {
  const { request, response } = entry;
  const sentBody = request.body === null ? null : prettyBody(request.body, contentTypeOf(request.headers));
  return (
    <div className="try-headers">
      <h4>Response headers</h4>
      {response ? (
        <HeaderTable label="Response headers" headers={response.headers} />
      ) : (
        <p className="try-muted">No response was received.</p>
      )}
      <h4>Request headers</h4>
      <p className="mono try-request-line">
        {request.method} {request.url || '(not built)'}
      </p>
      {request.headers.length > 0 ? (
        <HeaderTable label="Request headers" headers={request.headers} />
      ) : (
        <p className="try-muted">The request was not sent.</p>
      )}
      {sentBody !== null && (
        <>
          <h4>Request body</h4>
          {request.bodyTruncated && request.body === '' ? (
            <p className="try-muted">The body is not text, so it is not shown.</p>
          ) : (
            <pre className="try-body mono" aria-label="Request body">
              {sentBody.text}
              {request.bodyTruncated ? '\n…' : ''}
            </pre>
          )}
        </>
      )}
    </div>
  );
}

export function HeaderTable({ headers, label }: { headers: readonly [string, string][]; label: string }) {
  return (
    <table className="try-kv" aria-label={label}>
      <tbody>
        {headers.map(([k, v], i) => (
          <tr key={`${k}-${i}`}>
            <th scope="row" className="mono">
              {k}
            </th>
            <td className="mono">{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function contentTypeOf(headers: readonly [string, string][]): string | null {
  return headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? null;
}
