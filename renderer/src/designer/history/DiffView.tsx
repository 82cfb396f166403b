/** A line diff as a table: old and new line numbers, a +/− marker, the text; hunks separated by a gap row. */
import type { LineDiff } from './line-diff.ts';
import './diff.css';

export function DiffView({ diff }: { diff: LineDiff }) {
  const summary = `${diff.added} line${diff.added === 1 ? '' : 's'} added, ${diff.removed} removed`;
  if ('tooLarge' in diff) return <p className="hint">Too many changes to show line by line.</p>;
  if (diff.hunks.length === 0) return <p className="hint">No changes.</p>;
  return (
    <div className="diff-view">
      <p className="hint" role="note">
        {summary}
      </p>
      <table className="diff-table mono" aria-label="Changes">
        <tbody>
          {diff.hunks.map((h, i) => [
            i > 0 && (
              <tr key={`gap${i}`} className="diff-gap">
                <td colSpan={4}>⋯</td>
              </tr>
            ),
            ...h.lines.map((l, j) => (
              <tr key={`${i}:${j}`} className={`diff-${l.kind}`}>
                <td className="diff-no">{l.oldNo ?? ''}</td>
                <td className="diff-no">{l.newNo ?? ''}</td>
                <td className="diff-mark" aria-label={l.kind === 'same' ? undefined : l.kind}>
                  {l.kind === 'added' ? '+' : l.kind === 'removed' ? '−' : ''}
                </td>
                <td className="diff-text">{l.text}</td>
              </tr>
            )),
          ])}
        </tbody>
      </table>
    </div>
  );
}
