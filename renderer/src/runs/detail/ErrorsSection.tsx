/** Failures as data: errors by kind (refused, timeout, reset, TLS…) with a sample message, and failed extractions. */
import { fmtCount } from '../../format/numbers.ts';
import { Section } from '../../ui/Section.tsx';
import type { RunSummary } from '../live/types.ts';

/** An error group; live totals do not split it by scenario, the summary does. */
export interface ErrorGroup {
  kind: string;
  request: string;
  count: number;
  message: string;
  scenario?: string;
}

interface Props {
  errors: readonly ErrorGroup[];
  extractFailures?: RunSummary['extractFailures'];
}

/** Section "Errors": Kind, Count, Request, Sample message; then "Failed extractions" when any. */
export function ErrorsSection({ errors, extractFailures = [] }: Props) {
  if (errors.length === 0 && extractFailures.length === 0) return null;
  return (
    <Section title="Errors">
      {errors.length > 0 && (
        <table className="table" aria-label="Errors">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Count
              </th>
              <th scope="col">Request</th>
              <th scope="col">Sample message</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={i}>
                <th scope="row" className="text-bad">
                  {e.kind}
                </th>
                <td className="num">{fmtCount(e.count)}</td>
                <td>
                  {e.request}
                  {e.scenario && <span className="muted small"> ({e.scenario})</span>}
                </td>
                <td className="mono small wrap">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {extractFailures.length > 0 && (
        <table className="table" aria-label="Failed extractions">
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col" className="num">
                Count
              </th>
              <th scope="col">Request</th>
              <th scope="col">Sample message</th>
            </tr>
          </thead>
          <tbody>
            {extractFailures.map((e, i) => (
              <tr key={i}>
                <th scope="row" className="mono">
                  {e.variable}
                </th>
                <td className="num">{fmtCount(e.count)}</td>
                <td>
                  {e.request} <span className="muted small">({e.scenario})</span>
                </td>
                <td className="mono small wrap">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
