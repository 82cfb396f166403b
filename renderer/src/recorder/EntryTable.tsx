/**
 * The capture list: a table of fixed-height rows of which only those in view are rendered (a recording can hold
 * thousands of entries). While recording, it follows new entries when scrolled to the end, as a log view does.
 * Up/Down move the current entry; the checkboxes select (shift-click: a range).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { EntryRow as Row } from './chains.ts';
import { EntryRow } from './EntryRow.tsx';
import { selectRange, selectShown, shownState, toggleEntry, type EntrySelection } from './selection.ts';
import { atEnd, scrollToRow, visibleRange } from './windowing.ts';

export const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 32;

interface Props {
  rows: readonly Row[];
  selection: EntrySelection;
  onSelection: (s: EntrySelection) => void;
  current: number | null;
  onCurrent: (id: number) => void;
  /** Keep the newest entries in view while they arrive. */
  follow: boolean;
  showHost: boolean;
}

/** Table "Entries" (aria-rowcount: all rows, rendered or not); header checkbox "Select all shown entries". */
export function EntryTable({ rows, selection, onSelection, current, onCurrent, follow, showHost }: Props) {
  const columns = showHost ? 9 : 8;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 480 });
  const atBottom = useRef(true);
  const all = useRef<HTMLInputElement>(null);
  const order = rows.map((r) => r.entry.id);
  const state = shownState(selection, order);

  useEffect(() => {
    if (all.current) all.current.indeterminate = state === 'some';
  }, [state]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && follow && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [rows.length, follow]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = atEnd(el.scrollTop, el.clientHeight, el.scrollHeight);
    setView({ top: el.scrollTop, height: el.clientHeight });
  };
  const move = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const at = current === null ? -1 : order.indexOf(current);
    const next = Math.min(order.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)));
    const id = order[next];
    if (id === undefined) return;
    onCurrent(id);
    const el = scroller.current;
    if (el) el.scrollTop = scrollToRow(next, el.scrollTop, el.clientHeight, ROW_HEIGHT, HEADER_HEIGHT);
  };
  const toggle = (id: number, on: boolean, shift: boolean) =>
    onSelection(shift ? selectRange(selection, order, id, on) : toggleEntry(selection, id, on));

  const { start, end } = visibleRange({
    scrollTop: Math.max(0, view.top - HEADER_HEIGHT),
    viewportHeight: view.height,
    rowHeight: ROW_HEIGHT,
    count: rows.length,
  });
  return (
    <div
      className="entry-scroll"
      ref={scroller}
      onScroll={onScroll}
      onKeyDown={move}
      tabIndex={0}
      role="region"
      aria-label="Captured entries"
    >
      <table className="table entry-table" aria-label="Entries" aria-rowcount={rows.length + 1}>
        <colgroup>
          <col className="col-select" />
          <col className="col-id" />
          <col className="col-method" />
          {showHost && <col className="col-host" />}
          <col />
          <col className="col-status" />
          <col className="col-type" />
          <col className="col-size" />
          <col className="col-time" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" className="select-cell">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select all shown entries"
                checked={state === 'all'}
                onChange={(e) => onSelection(selectShown(selection, order, e.target.checked))}
              />
            </th>
            <th scope="col" className="num">
              #
            </th>
            <th scope="col">Method</th>
            {showHost && <th scope="col">Host</th>}
            <th scope="col">Path</th>
            <th scope="col" className="num">
              Status
            </th>
            <th scope="col">Type</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col" className="num">
              Time
            </th>
          </tr>
        </thead>
        <tbody>
          {start > 0 && (
            <tr aria-hidden="true" className="spacer" style={{ height: start * ROW_HEIGHT }}>
              <td colSpan={columns} />
            </tr>
          )}
          {rows.slice(start, end).map((r, i) => (
            <EntryRow
              key={r.entry.id}
              row={r}
              index={start + i + 2}
              selected={selection.ids.has(r.entry.id)}
              current={current === r.entry.id}
              onToggle={toggle}
              onOpen={onCurrent}
              showHost={showHost}
            />
          ))}
          {end < rows.length && (
            <tr aria-hidden="true" className="spacer" style={{ height: (rows.length - end) * ROW_HEIGHT }}>
              <td colSpan={columns} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
