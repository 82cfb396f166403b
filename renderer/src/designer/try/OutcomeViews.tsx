/** The Timings, Checks and Extracted tabs of a response. */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { fmtMs } from '../../format/numbers.ts';
import { showValue, timingBars } from './format.ts';

export function TimingsView({ timings }: { timings: TraceEntry['timings'] }) {
  return (
    <table className="try-timings" aria-label="Timings">
      <tbody>
        {timingBars(timings).map((b) => (
          <tr key={b.phase}>
            <th scope="row">{b.phase}</th>
            <td className="try-timing-ms">{fmtMs(b.ms)}</td>
            <td className="try-timing-bar" aria-hidden="true">
              <span style={{ marginLeft: `${b.offsetPct}%`, width: `${Math.max(b.widthPct, b.ms > 0 ? 0.5 : 0)}%` }} />
            </td>
          </tr>
        ))}
        <tr className="try-timing-total">
          <th scope="row">Duration</th>
          <td className="try-timing-ms">{fmtMs(timings.duration)}</td>
          <td>sending + waiting + receiving, as http_req_duration</td>
        </tr>
      </tbody>
    </table>
  );
}

export function ChecksView({ entry }: { entry: TraceEntry }) {
  if (entry.checks.length === 0) {
    return (
      <p className="try-muted">
        {entry.error && !entry.response && entry.request.headers.length === 0
          ? 'Not evaluated: the request was not sent.'
          : 'This request has no checks.'}
      </p>
    );
  }
  return (
    <ul className="try-outcomes" aria-label="Check results">
      {entry.checks.map((c, i) => (
        <li key={i} className={c.ok ? 'good' : 'bad'}>
          <span aria-hidden="true" className="try-mark">
            {c.ok ? '✓' : '✗'}
          </span>
          <span className="visually-hidden">{c.ok ? 'Passed:' : 'Failed:'}</span> {c.name}
          {c.reason && <span className="try-reason"> — {c.reason}</span>}
        </li>
      ))}
    </ul>
  );
}

export function ExtractedView({ entry }: { entry: TraceEntry }) {
  if (entry.extracted.length === 0) return <p className="try-muted">This request extracts no values.</p>;
  return (
    <ul className="try-outcomes" aria-label="Extracted values">
      {entry.extracted.map((x) => (
        <li key={x.variable} className={x.ok ? 'good' : 'bad'}>
          <span aria-hidden="true" className="try-mark">
            {x.ok ? '✓' : '✗'}
          </span>
          <span className="visually-hidden">{x.ok ? 'Extracted:' : 'Not extracted:'}</span> <code>{x.variable}</code>
          {(x.ok || x.value !== null) && (
            <>
              {' '}
              = <code className="try-value">{showValue(x.value)}</code>
            </>
          )}
          {x.reason && <span className="try-reason"> — {x.reason}</span>}
        </li>
      ))}
    </ul>
  );
}
