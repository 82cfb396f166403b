/** What each scenario did: executor, VUs, iterations completed, interrupted and dropped. */
import { fmtCount } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { RunSummary as Summary } from '../live/types.ts';

/** Section "Scenarios": one row per scenario. */
export function ScenariosSection({ scenarios }: { scenarios: Summary['scenarios'] }) {
  if (scenarios.length === 0) return null;
  return (
    <Section title="Scenarios">
      <table className="table" aria-label="Scenarios">
        <thead>
          <tr>
            <th scope="col">Scenario</th>
            <th scope="col">Executor</th>
            <th scope="col" className="num">
              Max VUs
            </th>
            <th scope="col" className="num">
              Iterations
            </th>
            <th scope="col" className="num">
              Interrupted
            </th>
            <th scope="col" className="num">
              Dropped
            </th>
          </tr>
        </thead>
        <tbody>
          {scenarios.map((s) => (
            <tr key={s.name}>
              <th scope="row">
                {s.name}
                <div className="small muted">{s.description}</div>
              </th>
              <td className="mono">{s.executor}</td>
              <td className="num">{fmtCount(s.maxVus)}</td>
              <td className="num">{fmtCount(s.iterations)}</td>
              <td className="num">{fmtCount(s.interrupted)}</td>
              <td className={`num${s.dropped > 0 ? ' text-warn' : ''}`}>{fmtCount(s.dropped)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}
