/** One threshold: its metric, tag filters and expressions; the key is renamed in place as metric or tags change. */
import { useId, useMemo, useState } from 'react';
import type { Plan } from 'loadsmith/plan';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ExpressionList } from './ExpressionList.tsx';
import { HTTP_TAGS, METRIC_LIST, metricInfo } from './metrics.ts';
import { TagFilters } from './TagFilters.tsx';
import { checkThreshold, type RuleDraft } from './threshold-check.ts';
import { formatKey, splitKey, type KeyParts } from './threshold-key.ts';

export interface ThresholdFacts {
  plan: Plan;
  values: Record<string, string[]>;
  customTags: string[];
}

/** Tags a threshold on this metric may filter by: its own, plus the plan's custom tags on HTTP metrics. */
export function allowedTags(metric: string, customTags: readonly string[]): string[] {
  const m = metricInfo(metric);
  if (!m) return [];
  return m.tags === HTTP_TAGS ? [...m.tags, ...customTags] : [...m.tags];
}

export function ThresholdEditor({
  thresholdKey,
  rules,
  facts,
  others,
}: {
  thresholdKey: string;
  rules: readonly RuleDraft[];
  facts: ThresholdFacts;
  others: readonly string[];
}) {
  const d = useDesigner();
  const id = useId();
  const [clash, setClash] = useState('');
  const parts = splitKey(thresholdKey);
  const problems = useMemo(() => checkThreshold(facts.plan, thresholdKey, rules), [facts.plan, thresholdKey, rules]);
  const allowed = allowedTags(parts.metric, facts.customTags);

  const rename = (next: KeyParts): void => {
    const key = formatKey(next);
    if (key === thresholdKey) return;
    if (others.includes(key)) {
      setClash(`There is already a threshold for ${key}: change a tag filter first.`);
      return;
    }
    setClash('');
    d.edit({ kind: 'renameKey', path: ['thresholds'], from: thresholdKey, to: key });
  };
  const changeMetric = (metric: string): void => {
    // Filters the new metric cannot have are dropped rather than left to fail.
    const keep = allowedTags(metric, facts.customTags);
    rename({
      metric,
      tags: parts.tags.filter(([t]) => keep.includes(t) || (t === 'name' && keep.includes('request'))),
    });
  };
  const known = METRIC_LIST.some((m) => m.name === parts.metric);
  const keyProblems = [...(clash ? [clash] : []), ...problems.key];

  return (
    <fieldset className="threshold" aria-describedby={keyProblems.length ? `${id}-key` : undefined}>
      <legend>
        <code>{thresholdKey}</code>
      </legend>
      <div className="threshold-head">
        <div className="field">
          <label htmlFor={`${id}-metric`}>Metric</label>
          <select id={`${id}-metric`} value={parts.metric} onChange={(e) => changeMetric(e.target.value)}>
            {!known && <option value={parts.metric}>{parts.metric || '(none)'} (unknown)</option>}
            {METRIC_LIST.map((m) => (
              <option key={m.name} value={m.name}>
                {m.name}
              </option>
            ))}
          </select>
          {metricInfo(parts.metric) && <small className="field-hint">{metricInfo(parts.metric)?.description}</small>}
        </div>
        <button
          type="button"
          className="danger"
          onClick={() => d.edit({ kind: 'delete', path: ['thresholds', thresholdKey] })}
        >
          Remove threshold
        </button>
      </div>
      <TagFilters parts={parts} allowed={allowed} values={facts.values} onChange={rename} />
      {keyProblems.length > 0 && (
        <ul id={`${id}-key`} className="field-issues" aria-live="polite">
          {keyProblems.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <ExpressionList
        thresholdKey={thresholdKey}
        rules={rules}
        problems={problems.rules}
        metric={metricInfo(parts.metric)}
      />
    </fieldset>
  );
}
