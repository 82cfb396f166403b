/** Checks with their pass rate, where they ran, and an example failure. */
import { fmtCount, fmtPct } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { RunSummary as Summary } from '../live/types.ts';

const where = (c: Summary['checks'][number]): string =>
  [c.scenario, c.group.replace(/^::/, '').replaceAll('::', ' › '), c.request].filter(Boolean).join(' › ');

/** Section "Checks": table with Check, Where, Passed, Failed, Pass %. */
export function ChecksSection({ checks }: { checks: Summary['checks'] }) {
  if (checks.length === 0) return null;
  return (
    <Section title="Checks">
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
          {checks.map((c, i) => {
            const total = c.passes + c.fails;
            return (
              <tr key={i}>
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
