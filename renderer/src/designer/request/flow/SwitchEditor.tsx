/**
 * randomSwitch and roundRobinSwitch: their branches, each with a name (shown in Validate) and, drawn by weight, its
 * weight and share. Branches are added, ordered and removed here; their steps are edited in the outline.
 */
import type { Path } from '../../core/doc-path.ts';
import { branchesOf, listOf, stepAt, stepKind, stepsAt } from '../../core/doc/index.ts';
import { issuesAt } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { NumberField } from '../../fields/NumberField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ListItemTools } from '../ListItemTools.tsx';

export function SwitchEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const step = stepAt(d.doc, stepPath);
  const kind = stepKind(step) === 'roundRobinSwitch' ? 'roundRobinSwitch' : 'randomSwitch';
  const weighted = kind === 'randomSwitch';
  const listPath = [...stepPath, kind];
  const count = listOf(step?.[kind]).length;
  const branches = branchesOf(step);
  const id = fieldId(stepPath, `-${kind}`);
  const add = (): void => {
    const name = `branch ${count + 1}`;
    d.edit({
      kind: 'insert',
      path: listPath,
      index: count,
      value: weighted ? { weight: 10, name, steps: [] } : { name, steps: [] },
    });
  };
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>{weighted ? 'Weighted choice' : 'Round robin'}</h2>
      <p className="hint">
        {weighted
          ? 'Runs one branch each time, drawn by weight: weights are relative, 70 and 30 send 70 % one way (Gatling randomSwitch, JMeter Throughput controller, Locust task weights). A branch with no steps does nothing.'
          : 'Runs the branches in turn, counted per VU: a VU runs branch 1, then 2, and so on (Gatling roundRobinSwitch; JMeter counts per thread too).'}
      </p>
      <ol className="flow-branches" aria-label="Branches">
        {branches.map((b, k) => {
          const steps = stepsAt(d.doc, [...stepPath, ...b.path]).length;
          return (
            <li key={k} className="flow-branch">
              <TextField
                path={[...listPath, k, 'name']}
                label={`Branch ${k + 1} name`}
                placeholder={`branch ${k + 1}`}
              />
              {weighted && (
                <NumberField path={[...listPath, k, 'weight']} label={`Branch ${k + 1} weight`} min={0} step={1} />
              )}
              <span className="flow-branch-facts">
                {weighted && b.share !== undefined ? `${b.share} % · ` : ''}
                {steps} step{steps === 1 ? '' : 's'}
              </span>
              <ListItemTools listPath={listPath} index={k} count={count} what={`branch ${k + 1}`} keepLast />
            </li>
          );
        })}
      </ol>
      <FieldIssues id={`${id}-issues`} issues={issuesAt(d.issues, listPath)} />
      <button type="button" onClick={add}>
        Add branch
      </button>
      <p className="hint">Add steps to a branch from its row in the outline, or drag steps onto it.</p>
    </section>
  );
}
