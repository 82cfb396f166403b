/** Setup or teardown: steps run once per run, before or after the scenarios (k6 setup() and teardown()). */
import { objectOf, planOf } from '../../core/doc/index.ts';
import type { Hook } from '../../core/selection.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { DurationField } from '../../fields/DurationField.tsx';
import { StepLinks } from '../StepLinks.tsx';

const WORDS: Readonly<Record<Hook, { title: string; hint: string }>> = {
  setup: {
    title: 'Setup',
    hint:
      'Runs once per run before any scenario, however many workers (k6 setup()). What it extracts (${token}) every VU reads and none can change. ' +
      'A failed request, check or extraction aborts the run before any scenario starts (exit code 107), unless that request says onFailure: continue. ' +
      'Validate runs it first and shows its data.',
  },
  teardown: {
    title: 'Teardown',
    hint:
      'Runs once per run after the scenarios, also after a stopped or aborted run (k6 teardown()); it reads what setup extracted. ' +
      "Its failures are listed in the summary; the exit code stays the run's.",
  },
};

export function HookEditor({ hook }: { hook: Hook }) {
  const d = useDesigner();
  const exists = objectOf(planOf(d.doc)[hook]) !== undefined;
  const { title, hint } = WORDS[hook];
  return (
    <section aria-labelledby={`hook-${hook}-title`} className="req-editor">
      <h2 id={`hook-${hook}-title`}>{title}</h2>
      <p className="hint">{hint}</p>
      {exists && <DurationField path={[hook, 'timeout']} label="Timeout (default 60s)" placeholder="60s" />}
      <StepLinks
        listPath={[hook, 'steps']}
        title="Steps"
        empty={`No ${hook} steps: add them with + on the ${title} row of the outline, or drag steps onto it.`}
      />
      {exists && (
        <button type="button" onClick={() => d.edit({ kind: 'delete', path: [hook] })}>
          Remove {hook}
        </button>
      )}
    </section>
  );
}
