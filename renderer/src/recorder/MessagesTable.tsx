/** A recorded WebSocket session's messages in order: direction, time after the handshake, size, content. */
import type { Entry } from '../../../app/contract/recordings.ts';
import { fmtBytes, fmtCount, fmtMs } from '../format/numbers.ts';

type Session = NonNullable<Entry['webSocket']>;

/** Table "Messages": a row per message, ↑ sent by the client, ↓ sent by the server. */
export function MessagesTable({ session }: { session: Session }) {
  return (
    <div className="entry-body">
      {session.messages.length === 0 ? (
        <p className="muted small">Messages: none</p>
      ) : (
        <table className="table headers-table" aria-label="Messages">
          <tbody>
            {session.messages.map((m, i) => (
              <tr key={i}>
                <th scope="row" title={m.type === 'send' ? 'Sent by the client' : 'Sent by the server'}>
                  {m.type === 'send' ? '↑' : '↓'} {fmtMs(m.atMs)}
                </th>
                <td className="num">{fmtBytes(m.size)}</td>
                <td className="mono wrap">
                  {m.binary ? <span className="muted">binary (base64) </span> : null}
                  {m.data}
                  {m.truncated && <span className="text-warn"> ✂ cut at 16 KiB</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {session.dropped > 0 && (
        <p className="text-warn small">
          {fmtCount(session.dropped)} more messages after the 1,000 a recording keeps were not kept.
        </p>
      )}
      {session.ended && <p className="muted small">Ended: {session.ended}</p>}
    </div>
  );
}
