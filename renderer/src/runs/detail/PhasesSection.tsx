/** A run changed mid-run: each phase, what began it, and per scenario its target next to what it achieved. */
import { achievedText, fellShort, phaseCause, phaseSpan, targetText } from 'loadsmith/report';
import { fmtMs, fmtPct, fmtRate } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { RunSummary as Summary } from '../live/types.ts';

/** Section "Phases" (only for a run that was paused, resumed or scaled): one row per phase and scenario. */
export function PhasesSection({ control }: { control: Summary['control'] }) {
  const phases = control?.phases ?? [];
  if (phases.length === 0) return null;
  return (
    <Section title="Phases">
      <p className="muted dashboard-note">
        Changed while running: each scenario follows its plan until its first change; changes apply at whole seconds.
      </p>
      <table className="table" aria-label="Phases">
        <thead>
          <tr>
            <th scope="col">Phase</th>
            <th scope="col">Began with</th>
            <th scope="col" className="num">
              Requests/s
            </th>
            <th scope="col" className="num">
              p(95)
            </th>
            <th scope="col" className="num">
              Failed
            </th>
            <th scope="col">Scenario</th>
            <th scope="col">Target</th>
            <th scope="col">Achieved</th>
          </tr>
        </thead>
        <tbody>
          {phases.flatMap((p) =>
            p.scenarios.map((sc, i) => (
              <tr key={`${p.startMs}-${sc.name}`}>
                {i === 0 && (
                  <>
                    <th scope="row" rowSpan={p.scenarios.length}>
                      {phaseSpan(p)}
                    </th>
                    <td rowSpan={p.scenarios.length}>{phaseCause(p)}</td>
                    <td className="num" rowSpan={p.scenarios.length}>
                      {fmtRate(p.rps)}
                    </td>
                    <td className="num" rowSpan={p.scenarios.length}>
                      {p.p95 === null ? '–' : fmtMs(p.p95)}
                    </td>
                    <td className="num" rowSpan={p.scenarios.length}>
                      {fmtPct(p.failedRate)}
                    </td>
                  </>
                )}
                <td>{sc.name}</td>
                <td>{targetText(sc)}</td>
                <td className={fellShort(sc) ? 'text-warn' : ''}>{achievedText(sc)}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </Section>
  );
}
