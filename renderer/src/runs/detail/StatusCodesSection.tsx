/** Responses by HTTP status; status 0 means no response (transport error). */
import { fmtCount } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { Summary } from './types.ts';

const tone = (code: number): string | undefined => (code === 0 || code >= 500 ? 'text-bad' : code >= 400 ? 'text-warn' : undefined);

/** Section "Status codes": table with Status and Count. */
export function StatusCodesSection({ statuses }: { statuses: Summary['statuses'] }) {
  const entries = Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) return null;
  return (
    <Section title="Status codes">
      <table className="table table-narrow" aria-label="Status codes">
        <thead><tr><th scope="col">Status</th><th scope="col" className="num">Count</th></tr></thead>
        <tbody>
          {entries.map(([code, count]) => (
            <tr key={code}>
              <th scope="row" className={tone(Number(code))}>{code === '0' ? 'no response' : code}</th>
              <td className="num">{fmtCount(count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
