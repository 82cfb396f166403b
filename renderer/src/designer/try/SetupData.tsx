/** What setup extracted in a Validate: the data every VU reads. Names at once; values (often tokens) on request. */
import { showValue } from './format.ts';
import type { ValidateResult } from './try-store.ts';

export function SetupData({ data }: { data: ValidateResult['setup'] }) {
  const names = Object.keys(data ?? {});
  if (!data || names.length === 0) return null;
  return (
    <details className="try-setup-data">
      <summary>
        Setup&apos;s data, read by every VU: <span className="mono">{names.join(', ')}</span>
      </summary>
      <table className="try-kv" aria-label="Setup's data">
        <tbody>
          {names.map((n) => (
            <tr key={n}>
              <th scope="row" className="mono">
                {n}
              </th>
              <td className="mono">{showValue(data[n])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
