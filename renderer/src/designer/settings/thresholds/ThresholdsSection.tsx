/**
 * Pass/fail criteria: one editor per threshold key (`metric{tags}`), each with its expressions; problems are
 * shown as typed with the engine's own threshold validation.
 */
import { useMemo } from 'react';
import { Section } from '../../../ui/Section.tsx';
import { entriesOf, listOf, planOf } from '../../core/doc/index.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { NewThreshold } from './NewThreshold.tsx';
import { analysisPlan, customTagNames, tagValues } from './plan-facts.ts';
import { ThresholdEditor } from './ThresholdEditor.tsx';
import './thresholds.css';

export function ThresholdsSection() {
  const d = useDesigner();
  const entries = entriesOf(planOf(d.doc).thresholds);
  const plan = useMemo(() => analysisPlan(d.doc), [d.doc]);
  const facts = useMemo(() => ({ plan, values: tagValues(plan), customTags: customTagNames(plan) }), [plan]);
  const keys = entries.map(([k]) => k);
  return (
    <Section title="Thresholds" className="settings-section">
      <p className="hint">
        A run passes when every threshold holds (exit code 99 otherwise). Expressions are k6&apos;s:{' '}
        <code>p(95)&lt;500</code>, <code>rate&lt;0.01</code>, <code>count&gt;100</code>; time values are in
        milliseconds. A threshold whose metric has no data passes and says so.
      </p>
      {entries.length === 0 && <p className="empty">No thresholds yet: the run always passes.</p>}
      {/* Keyed by position: editing the metric or a tag renames the key in place and must not remount the editor. */}
      {entries.map(([key, rules], i) => (
        <ThresholdEditor
          key={i}
          thresholdKey={key}
          rules={listOf(rules)}
          facts={facts}
          others={keys.filter((k) => k !== key)}
        />
      ))}
      <NewThreshold existing={keys} />
    </Section>
  );
}
