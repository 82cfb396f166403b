/** A once step: steps a VU runs the first time it gets there (a login); what they extract stays for the VU. */
import type { Path } from '../../core/doc-path.ts';
import { fieldId } from '../../fields/useField.ts';
import { StepLinks } from '../StepLinks.tsx';

export function OnceEditor({ stepPath }: { stepPath: Path }) {
  const id = fieldId(stepPath, '-once');
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>Once per VU</h2>
      <p className="hint">
        These steps run the first time a VU gets here, usually its first iteration: a login (JMeter Once Only, Locust
        on_start). What they extract stays for the VU&apos;s later iterations. Under arrival-rate executors it is once
        per VU of the pool.
      </p>
      <StepLinks listPath={[...stepPath, 'once', 'steps']} title="Steps" />
    </section>
  );
}
