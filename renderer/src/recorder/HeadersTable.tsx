/** Headers of a request or response, in the order sent; secret ones marked with a lock. */
import type { Entry } from '../../../app/contract/recordings.ts';
import { LockIcon } from './LockIcon.tsx';

type Header = Entry['request']['headers'][number];

/** Table named `label` ("Request headers"); a row per header, named by the header's name. */
export function HeadersTable({ label, headers }: { label: string; headers: readonly Header[] }) {
  if (headers.length === 0) return <p className="muted small">{label}: none</p>;
  return (
    <table className="table headers-table" aria-label={label}>
      <tbody>
        {headers.map((h, i) => (
          <tr key={i}>
            <th scope="row">
              {h.name}
              {h.secret && (
                <>
                  {' '}
                  <LockIcon label="secret" title="Secret: REDACTED unless shown" />
                </>
              )}
            </th>
            <td className="mono wrap">{h.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
