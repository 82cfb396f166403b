/**
 * A scenario's load profile: the executor with exactly its fields, when it starts and how it stops, its tags, and
 * the chart of the whole plan's load with this scenario drawn stronger.
 */
import { useId } from 'react';
import { scenarioAt } from '../core/doc/index.ts';
import { DurationField } from '../fields/DurationField.tsx';
import { KeyValueTable } from '../fields/KeyValueTable.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { ExecutorFields } from './ExecutorFields.tsx';
import { ExecutorPicker } from './ExecutorPicker.tsx';
import { executorSpec } from './executors.ts';
import { LoadProfile } from './LoadProfile.tsx';
import './profile.css';

export function ScenarioPanel({ name }: { name: string }) {
  const d = useDesigner();
  const titleId = useId();
  const path = ['scenarios', name];
  const scenario = scenarioAt(d.doc, name);
  if (!scenario) {
    return (
      <section aria-label={`Scenario ${name}`}>
        <p className="empty">There is no scenario named {name} any more.</p>
      </section>
    );
  }
  const spec = executorSpec(scenario.executor);
  return (
    <section className="scenario-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Scenario {name}</h2>
      <ExecutorPicker name={name} />
      {spec && <p className="executor-summary">{spec.summary}</p>}
      <div className="scenario-fields" role="group" aria-label="Executor settings">
        {spec && <ExecutorFields path={path} spec={spec} />}
        <DurationField path={[...path, 'startTime']} label="Start time" placeholder="default 0s" />
        <DurationField path={[...path, 'gracefulStop']} label="Graceful stop" placeholder="default 30s" />
      </div>
      <KeyValueTable path={[...path, 'tags']} label="Scenario tags" keyLabel="Tag" />
      <h3>Load profile</h3>
      <LoadProfile highlight={name} />
    </section>
  );
}
