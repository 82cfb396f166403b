/**
 * Checks with their pass rate, where they ran, and an example failure: failing checks first (most failures first),
 * the others in the summary's order. A recording's checks (two a step) are a filter away past the first SHOWN_ROWS.
 */
import { useMemo } from 'react';
import { fmtCount, fmtPct } from '../../format/numbers.ts';
import { useRowFilter } from '../../ui/RowFilter.tsx';
import { Section } from '../../ui/Section.tsx';
import type { RunSummary as Summary } from '../live/types.ts';

type Check = Summary['checks'][number];

const where = (c: Check): string =>
  [c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request].filter(Boolean).join(' › ');

/** What the checks' filter searches: the check's name and where it ran. */
const checkText = (c: Check): string => `${c.name} ${where(c)}`;

/** Failing checks first, most failures first; a stable sort keeps the summary's order otherwise. */
export const failingFirst = (checks: readonly Check[]): Check[] => [...checks].sort((a, b) => b.fails - a.fails);

/** Section "Checks": table with Check, Where, Passed, Failed, Pass %. */
export function ChecksSection({ checks }: { checks: Summary['checks'] }) {
  const ordered = useMemo(() => failingFirst(checks), [checks]);
  const shown = useRowFilter(ordered, checkText, {
    noun: 'check',
    placeholder: 'Filter by check or request…',
    order: 'failing first',
  });
  if (checks.length === 0) return null;
  return (
    <Section title="Checks">
      {shown.bar}
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
