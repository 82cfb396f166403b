/** Where the charts go (a later issue): per-second samples are already stored, `runs.samples` returns them. */
import { Section } from '../../ui/Section.tsx';

/** Section "Charts" holding a note until the chart components exist. */
export function ChartsPlaceholder() {
  return (
    <Section title="Charts">
      <div className="placeholder" role="note">
        Charts of requests per second, latency percentiles, VUs and errors over time are coming in a later version.
      </div>
    </Section>
  );
}
