/**
 * A WebSocket session as Try it and Validate show it: the handshake's status and subprotocol, then the message
 * exchange in order (time since the session started, direction, size, content), the close, the first error, the
 * checks grouped by the handshake and each receive, and what was extracted.
 */
import type { WebSocketTraceEntry } from '../../../../../app/contract/index.ts';
import { fmtMs } from '../../../format/numbers.ts';
import { errorTitle, showValue, statusText } from '../format.ts';
import { checkGroups, exchangeRows, sessionSummary, sizeText, type ExchangeRow } from './exchange.ts';

const WS_ERRORS: Readonly<Record<string, string>> = {
  'ws-handshake': 'Handshake refused',
  'ws-timeout': 'Timed out',
  'ws-closed': 'Closed by the server',
};

export function WebSocketExchange({
  session,
  receives,
  onShowStep,
}: {
  session: WebSocketTraceEntry;
  /** The labels of the session's receives (their checks are named "LABEL: check"). */
  receives: readonly string[];
  onShowStep?: () => void;
}) {
  const rows = exchangeRows(session);
  const opened = session.status === 101;
  return (
    <section className="ws-exchange" aria-label={`WebSocket session ${session.name}`}>
      <div className="try-summary">
        <span role="status" aria-label="Handshake status" className={`try-status ${opened ? 'good' : 'bad'}`}>
          {session.status === 0 ? errorTitle(session.error?.kind ?? 'other') : statusText(session.status)}
        </span>
        {session.protocol && (
          <span className="try-fact">
            <span className="try-fact-label">Subprotocol</span> {session.protocol}
          </span>
        )}
        <span className="try-fact">
          <span className="try-fact-label">Connecting</span> {fmtMs(session.connectingMs)}
        </span>
        <span className="try-fact">{sessionSummary(session)}</span>
        <span className="try-request-line mono" title={session.url}>
          {session.url}
        </span>
        {onShowStep && (
          <button type="button" className="ghost" onClick={onShowStep}>
            Show step
          </button>
        )}
      </div>
      {session.error && (
        <p className="try-error">
          <strong>{WS_ERRORS[session.error.kind] ?? errorTitle(session.error.kind)}:</strong> {session.error.message}
        </p>
      )}
      <table className="ws-messages" aria-label="Message exchange">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Event</th>
            <th scope="col">Size</th>
            <th scope="col">Content</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <Row key={i} row={r} />
          ))}
        </tbody>
      </table>
      <div className="ws-outcomes">
        <div>
          <h3>Checks</h3>
          {session.checks.length === 0 && <p className="try-muted">No checks.</p>}
          {checkGroups(session, receives).map((g, i) => (
            <div key={i}>
              <h4 className="ws-check-group">{g.receive ? `On ${g.receive}` : 'On the handshake'}</h4>
              <ul className="try-outcomes" aria-label={g.receive ? `Checks of ${g.receive}` : 'Handshake checks'}>
                {g.checks.map((c, k) => (
                  <li key={k} className={c.ok ? 'good' : 'bad'}>
                    <span aria-hidden="true" className="try-mark">
                      {c.ok ? '✓' : '✗'}
                    </span>
                    <span className="visually-hidden">{c.ok ? 'Passed:' : 'Failed:'}</span> {c.name}
                    {c.reason && <span className="try-reason"> — {c.reason}</span>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <div>
          <h3>Extracted</h3>
          {session.extracted.length === 0 ? (
            <p className="try-muted">Nothing extracted.</p>
          ) : (
            <dl className="ws-extracted" aria-label="Extracted values">
              {session.extracted.map((x, i) => (
                <div key={i} className={x.ok ? 'good' : 'bad'}>
                  <dt className="mono">{x.variable}</dt>
                  <dd className="mono">
                    {x.ok || x.value !== null ? showValue(x.value) : 'unset'}
                    {x.reason && <span className="try-muted"> ({x.reason})</span>}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}

const ARROWS = { sent: '↑ sent', received: '↓ received' } as const;

function Row({ row }: { row: ExchangeRow }) {
  switch (row.kind) {
    case 'open':
      return (
        <tr className="ws-row-open">
          <td className="mono">{fmtMs(row.atMs)}</td>
          <td>opened</td>
          <td />
          <td>{`${statusText(row.status)}${row.protocol ? `, subprotocol ${row.protocol}` : ''}`}</td>
        </tr>
      );
    case 'sent':
    case 'received':
      return (
        <tr className={`ws-row-${row.kind}`}>
          <td className="mono">{fmtMs(row.atMs)}</td>
          <td>{`${ARROWS[row.kind]}${row.binary ? ' (binary)' : ''}`}</td>
          <td className="mono">{sizeText(row.bytes)}</td>
          <td className="mono ws-data">
            {row.binary ? `base64 ${row.data}` : row.data}
            {row.truncated && <span className="try-muted"> … (cut at 4 KB)</span>}
            {row.receive !== undefined && (
              <span className={`ws-read ${row.matched ? 'good' : 'try-muted'}`}>
                {row.matched ? `✓ taken by ${row.receive}` : `skipped by ${row.receive} (no match)`}
              </span>
            )}
          </td>
        </tr>
      );
    case 'ping':
    case 'pong':
      return (
        <tr className="ws-row-ping">
          <td className="mono">{fmtMs(row.atMs)}</td>
          <td>{row.kind === 'ping' ? '↑ ping' : '↓ pong'}</td>
          <td />
          <td>{row.rttMs !== undefined ? `round trip ${fmtMs(row.rttMs)}` : ''}</td>
        </tr>
      );
    case 'more':
      return (
        <tr>
          <td />
          <td colSpan={3} className="try-muted">{`${row.count} more messages not shown`}</td>
        </tr>
      );
    case 'close':
      return (
        <tr className="ws-row-close">
          <td className="mono">{row.atMs !== undefined ? fmtMs(row.atMs) : ''}</td>
          <td>{`closed by the ${row.by}`}</td>
          <td />
          <td>{`${row.code}${row.reason ? ` ${row.reason}` : ''}`}</td>
        </tr>
      );
  }
}
