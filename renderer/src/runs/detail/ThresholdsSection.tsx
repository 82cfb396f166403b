/**
 * Thresholds with ✓/✗ and the value each one compared: live, as the engine evaluates them every second on the run
 * so far; finished, the final evaluation the run's status comes from.
 */
import { fmtThresholdValue, observedName } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { ThresholdState } from '../live/types.ts';

interface Props {
  thresholds: readonly ThresholdState[];
  /** When they were evaluated, e.g. "at 12s (live)" or "at the end of the run". */
  evaluated: string;
}

/** Section "Thresholds": table with Result, Metric, Threshold, Observed, Evaluated. */
export function ThresholdsSection({ thresholds, evaluated }: Props) {
  return (
    <Section title="Thresholds">
      {thresholds.length === 0 ? (
        <p className="muted">This plan has no thresholds.</p>
      ) : (
        <table className="table" aria-label="Thresholds">
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Metric</th>
              <th scope="col">Threshold</th>
              <th scope="col">Observed</th>
              <th scope="col">Evaluated</th>
            </tr>
          </thead>
          <tbody>
            {thresholds.map((t, i) => (
              <tr key={i}>
                <td>
                  {t.ok ? (
                    <span className="text-good" role="img" aria-label="passed">
                      ✓
                    </span>
                  ) : (
                    <span className="text-bad" role="img" aria-label="failed">
                      ✗
                    </span>
                  )}
                </td>
                <th scope="row" className="mono">
                  {t.metric}
                </th>
                <td className="mono">
                  {t.expression}
                  {t.abortOnFail && <span className="muted small"> (abortOnFail)</span>}
                </td>
                <td className="mono">
                  {t.value === null ? (
                    <span className="muted">no data yet</span>
                  ) : (
                    `${observedName(t.expression)}=${fmtThresholdValue(t.metric, t.expression, t.value)}`
                  )}
                </td>
                <td className="small muted">{evaluated}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
