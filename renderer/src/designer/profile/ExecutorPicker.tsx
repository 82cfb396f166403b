/**
 * The executor of a scenario. Switching is one undoable edit that keeps steps, startTime, gracefulStop and tags
 * and fills the new executor's required fields from what the scenario had (switchExecutor).
 */
import { useId } from 'react';
import { scenarioAt } from '../core/doc/index.ts';
import { issuesAt } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { EXECUTORS, switchExecutor } from './executors.ts';

export function ExecutorPicker({ name }: { name: string }) {
  const d = useDesigner();
  const id = useId();
  const path = ['scenarios', name];
  const scenario = scenarioAt(d.doc, name) ?? {};
  const current = typeof scenario.executor === 'string' ? scenario.executor : '';
  const known = EXECUTORS.some((e) => e.name === current);
  const issues = issuesAt(d.issues, [...path, 'executor']);
  return (
    <div className="field field-executor">
      <label htmlFor={id}>Executor</label>
      <select
        id={id}
        value={current}
        aria-invalid={issues.length > 0}
        aria-describedby={issues.length ? `${id}-issues` : undefined}
        onChange={(e) => d.set(path, switchExecutor(scenario, e.target.value))}
      >
        {!known && <option value={current}>{current === '' ? '(choose an executor)' : `${current} (unknown)`}</option>}
        {EXECUTORS.map((e) => (
          <option key={e.name} value={e.name}>
            {e.name}
          </option>
        ))}
      </select>
      <FieldIssues id={`${id}-issues`} issues={issues} />
    </div>
  );
}
