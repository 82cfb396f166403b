/** Responses by HTTP status (live totals or the summary's); status 0 means no response (transport error). */
import { fmtCount, fmtPct } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';

const tone = (code: number): string | undefined =>
  code === 0 || code >= 500 ? 'text-bad' : code >= 400 ? 'text-warn' : undefined;

/** Section "Status codes": table with Status, Count and Share. */
export function StatusCodesSection({ statuses }: { statuses: Readonly<Record<string, number>> }) {
  const entries = Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) return null;
  const total = entries.reduce((n, [, c]) => n + c, 0);
  return (
    <Section title="Status codes">
      <table className="table table-narrow" aria-label="Status codes">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Count
            </th>
            <th scope="col" className="num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([code, count]) => (
            <tr key={code}>
              <th scope="row" className={tone(Number(code))}>
                {code === '0' ? 'no response' : code}
              </th>
              <td className="num">{fmtCount(count)}</td>
              <td className="num">{fmtPct(total > 0 ? count / total : 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
