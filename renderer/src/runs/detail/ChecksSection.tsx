/**
 * Checks with their pass rate, where they ran, and an example failure: failing checks first (most failures first),
 * the others in the summary's order. A recording's checks (two a step) are a filter away past the first SHOWN_ROWS.
 */
import { useMemo, useState } from 'react';
import { fmtCount, fmtPct } from '../../format/numbers.ts';
import { RowFilter } from '../../ui/RowFilter.tsx';
import { Section } from '../../ui/Section.tsx';
import { SHOWN_ROWS, shownNote, shownRows } from '../../ui/shown.ts';
import type { RunSummary as Summary } from '../live/types.ts';

type Check = Summary['checks'][number];

const where = (c: Check): string =>
  [c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request].filter(Boolean).join(' › ');

/** Failing checks first, most failures first; a stable sort keeps the summary's order otherwise. */
export const failingFirst = (checks: readonly Check[]): Check[] => [...checks].sort((a, b) => b.fails - a.fails);

/** Section "Checks": table with Check, Where, Passed, Failed, Pass %. */
export function ChecksSection({ checks }: { checks: Summary['checks'] }) {
  const [filter, setFilter] = useState('');
  const ordered = useMemo(() => failingFirst(checks), [checks]);
  const shown = useMemo(() => shownRows(ordered, filter, (c) => `${c.name} ${where(c)}`), [ordered, filter]);
  if (checks.length === 0) return null;
  return (
    <Section title="Checks">
      {(checks.length > SHOWN_ROWS || filter !== '') && (
        <RowFilter
          noun="check"
          placeholder="Filter by check or request…"
          filter={filter}
          onFilter={setFilter}
          note={shownNote(shown.rows.length, shown.matching, checks.length, filter, 'check', 'failing first')}
        />
      )}
      <table className="table" aria-label="Checks">
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Where</th>
            <th scope="col" className="num">
              Passed
            </th>
            <th scope="col" className="num">
              Failed
            </th>
            <th scope="col" className="num">
              Pass %
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((c) => {
            const total = c.passes + c.fails;
            return (
              <tr key={`${c.scenario}\u0000${c.group}\u0000${c.request}\u0000${c.name}`}>
                <th scope="row">
                  <span className={c.fails === 0 ? 'text-good' : 'text-bad'} aria-hidden="true">
                    {c.fails === 0 ? '✓' : '✗'}{' '}
                  </span>
                  {c.name}
                  {c.failure && <div className="small muted">e.g. {c.failure}</div>}
                </th>
                <td className="small">{where(c)}</td>
                <td className="num">{fmtCount(c.passes)}</td>
                <td className="num">{fmtCount(c.fails)}</td>
                <td className="num">{total ? fmtPct(c.passes / total) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Section>
  );
}
