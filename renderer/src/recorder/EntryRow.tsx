/**
 * One captured exchange: number, method, host, path (indented under the entry it was redirected from), status, type,
 * size, time; a WebSocket session is one row with its message count.
 */
import { fmtBytes, fmtMs } from '../format/numbers.ts';
import type { EntryRow as Row } from './chains.ts';
import { pathOf } from './correlation-choices.ts';
import { LockIcon } from './LockIcon.tsx';

interface Props {
  row: Row;
  /** aria-rowindex: the row's place among all rows, rendered or not (the header is 1). */
  index: number;
  selected: boolean;
  current: boolean;
  onToggle: (id: number, on: boolean, shift: boolean) => void;
  onOpen: (id: number) => void;
  /** A host column (when the recording has more than one host). */
  showHost: boolean;
}

const INDENT_PX = 16;

/** A row named by its cells ("4 POST /login carries credentials 1 redirect 302 document…"); checkbox "Select entry N". */
export function EntryRow({ row, index, selected, current, onToggle, onOpen, showHost }: Props) {
  const e = row.entry;
  const statusClass = e.status === 0 || e.status >= 400 ? 'text-bad' : e.status >= 300 ? 'text-warn' : '';
  return (
    <tr
      aria-rowindex={index}
      aria-current={current ? 'true' : undefined}
      className={`entry-row${current ? ' entry-current' : ''}${selected ? ' entry-selected' : ''}`}
      onClick={() => onOpen(e.id)}
    >
      <td className="select-cell" onClick={(ev) => ev.stopPropagation()}>
        <input
          type="checkbox"
          aria-label={`Select entry ${e.id}`}
          checked={selected}
          onChange={(ev) =>
            onToggle(e.id, ev.target.checked, 'shiftKey' in ev.nativeEvent && ev.nativeEvent.shiftKey === true)
          }
        />
      </td>
      <td className="num muted">{e.id}</td>
      <td>
        <span className="method">{e.method}</span>
      </td>
      {showHost && (
        <td className="muted" title={e.host}>
          {e.host}
        </td>
      )}
      <td className="entry-url" title={e.error ? `${e.url}\n${e.error}` : e.url}>
        <div className="entry-url-line">
          <span className="entry-path" style={{ paddingLeft: row.depth * INDENT_PX }}>
            {row.depth > 0 && (
              <span className="redirect-mark" role="img" aria-label="redirected">
                ↳
              </span>
            )}{' '}
            {row.redirectedFromHidden !== null && (
              <span className="muted small">from #{row.redirectedFromHidden} </span>
            )}
            {pathOf(e.url)}
          </span>{' '}
          {e.secret && <LockIcon label="carries credentials" title="Carries credentials (redacted unless revealed)" />}
          {e.messages !== null && (
            <span className="badge" title="A WebSocket session: its messages, both ways">
              {e.messages} message{e.messages === 1 ? '' : 's'}
            </span>
          )}
          {row.hops > 0 && (
            <span className="badge chain-badge">
              {row.hops} redirect{row.hops === 1 ? '' : 's'}
            </span>
          )}
        </div>
      </td>
      <td className={`num ${statusClass}`}>{e.status === 0 ? 'failed' : e.status}</td>
      <td className="muted">{e.type}</td>
      <td className="num">
        {fmtBytes(e.size)}
        {e.truncated && (
          <span className="text-warn" title="Larger than the 1 MiB a recording keeps">
            {' '}
            ✂
          </span>
        )}
      </td>
      <td className="num">{fmtMs(e.durationMs)}</td>
    </tr>
  );
}
