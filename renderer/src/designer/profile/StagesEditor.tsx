/**
 * A ramp's stages (duration + target) as an editable table: add, remove and reorder rows. Each cell shows the
 * validator's message under it; a duration is checked as it is typed.
 */
import { parseDuration, type Scenario } from 'loadsmith/plan';
import type { Path } from '../core/doc-path.ts';
import { draftAt, listOf, objectOf } from '../core/doc/index.ts';
import { issuesAt } from '../core/validation.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import type { ExecutorField } from './executors.ts';
import { NumberCell } from './NumberCell.tsx';

/** The stages of a ramping executor (VU targets or rates). */
type Stages = Extract<Scenario, { stages: unknown }>['stages'];

export function StagesEditor({ path, field }: { path: Path; field: ExecutorField }) {
  const d = useDesigner();
  const stages = listOf(draftAt<Stages>(d.doc, path)).map((s) => objectOf(s) ?? {});
  const target = field.targetLabel ?? 'Target';
  const add = (): void => {
    const last = stages[stages.length - 1];
    d.edit({
      kind: 'insert',
      path,
      index: stages.length,
      value: { duration: '10s', target: typeof last?.target === 'number' ? last.target : 1 },
    });
  };
  const own = issuesAt(d.issues, path);
  return (
    <fieldset className="stages">
      <legend>{field.label}</legend>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Duration</th>
            <th scope="col">{target}</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {stages.map((s, i) => {
            const n = i + 1;
            const text = typeof s.duration === 'string' ? s.duration : '';
            const bad =
              text !== '' && parseDuration(text) === undefined ? ['write a duration such as 500ms, 30s or 1m30s'] : [];
            const durIssues = [...bad, ...issuesAt(d.issues, [...path, i, 'duration']).map((x) => x.message)].slice(
              0,
              1,
            );
            const targetIssues = issuesAt(d.issues, [...path, i, 'target']).map((x) => x.message);
            return (
              <tr key={i}>
                <td>{n}</td>
                <td>
                  <input
                    aria-label={`Stage ${n} duration`}
                    value={text}
                    spellCheck={false}
                    aria-invalid={durIssues.length > 0}
                    onChange={(e) => d.set([...path, i, 'duration'], e.target.value.trim())}
                  />
                  {durIssues.map((m) => (
                    <p key={m} className="stage-issue">
                      {m}
                    </p>
                  ))}
                </td>
                <td>
                  <NumberCell
                    label={`Stage ${n} ${target.toLowerCase()}`}
                    value={s.target}
                    min={0}
                    step={field.decimalTargets ? 'any' : 1}
                    invalid={targetIssues.length > 0}
                    onChange={(v) => d.set([...path, i, 'target'], v)}
                  />
                  {targetIssues.map((m) => (
                    <p key={m} className="stage-issue">
                      {m}
                    </p>
                  ))}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    aria-label={`Move stage ${n} up`}
                    disabled={i === 0}
                    onClick={() => d.edit({ kind: 'move', path, from: i, to: i - 1 })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move stage ${n} down`}
                    disabled={i === stages.length - 1}
                    onClick={() => d.edit({ kind: 'move', path, from: i, to: i + 1 })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    aria-label={`Remove stage ${n}`}
                    disabled={stages.length <= 1}
                    title={stages.length <= 1 ? 'A ramp needs at least one stage' : undefined}
                    onClick={() => d.edit({ kind: 'delete', path: [...path, i] })}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" onClick={add}>
        Add stage
      </button>
      {own.length > 0 && <p className="stage-issue">{own.map((x) => x.message).join('; ')}</p>}
    </fieldset>
  );
}
