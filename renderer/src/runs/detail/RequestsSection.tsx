/** The per-request table, as the CLI's: count, rate, p50/p95/p99/max, failed %. */
import { fmtCount, fmtMs, fmtPct, fmtRate } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { Summary } from './types.ts';

/** Section "Requests": one row per request name (and scenario, when there are several). */
export function RequestsSection({ requests }: { requests: Summary['requests'] }) {
  if (requests.length === 0) return null;
  const multiScenario = new Set(requests.map((r) => r.scenario)).size > 1;
  return (
    <Section title="Requests">
      <table className="table" aria-label="Requests">
        <thead>
          <tr>
            <th scope="col">Request</th><th scope="col" className="num">Count</th><th scope="col" className="num">Rate</th>
            <th scope="col" className="num">p50</th><th scope="col" className="num">p95</th><th scope="col" className="num">p99</th>
            <th scope="col" className="num">Max</th><th scope="col" className="num">Failed</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((r) => (
            <tr key={`${r.scenario}\u0000${r.name}\u0000${r.method}`}>
              <th scope="row">
                <span className="method">{r.method}</span> {r.name}
                {multiScenario && <span className="muted small"> ({r.scenario})</span>}
              </th>
              <td className="num">{fmtCount(r.count)}</td>
              <td className="num">{fmtRate(r.rate)}</td>
              <td className="num">{fmtMs(r.duration.med)}</td>
              <td className="num">{fmtMs(r.duration.p95)}</td>
              <td className="num">{fmtMs(r.duration.p99)}</td>
              <td className="num">{fmtMs(r.duration.max)}</td>
              <td className="num"><span className={r.failed > 0 ? 'text-bad' : undefined}>{fmtPct(r.failedRate)}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
