/**
 * A threshold's expressions, each checked as typed; with abortOnFail (stop the run once it fails) and
 * delayAbortEval (not before this much time) it is written in the object form, otherwise as plain text.
 */
import { useId } from 'react';
import { objectOf } from '../../core/doc/index.ts';
import { DurationField } from '../../fields/DurationField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { AGGREGATIONS, defaultExpression, type MetricInfo } from './metrics.ts';
import { ruleText, type RuleDraft } from './threshold-check.ts';

const SPARES: Record<string, string[]> = {
  trend: ['p(99)<1500', 'avg<200', 'med<100', 'max<3000'],
  rate: ['rate<0.05'],
  counter: ['rate>1', 'count<1000000'],
  gauge: ['value<1000'],
};

interface Props {
  thresholdKey: string;
  rules: readonly RuleDraft[];
  problems: (string | undefined)[];
  metric: MetricInfo | undefined;
}

export function ExpressionList({ thresholdKey, rules, problems, metric }: Props) {
  const d = useDesigner();
  const id = useId();
  const path = ['thresholds', thresholdKey];
  const texts = rules.map(ruleText);
  const next = metric
    ? ([defaultExpression(metric), ...(SPARES[metric.type] ?? [])].find((e) => !texts.includes(e)) ?? '')
    : '';
  return (
    <div className="expressions">
      <h4 id={`${id}-title`}>Expressions</h4>
      {metric && (
        <p className="hint">
          Aggregations for {metric.name} ({metric.type}): {AGGREGATIONS[metric.type]}.
        </p>
      )}
      {rules.map((raw, i) => {
        const text = texts[i] ?? '';
        const obj = objectOf(raw);
        const problem = problems[i];
        const n = i + 1;
        const setAbort = (on: boolean): void =>
          d.set(
            [...path, i],
            on
              ? {
                  threshold: text,
                  abortOnFail: true,
                  ...(obj?.delayAbortEval ? { delayAbortEval: obj.delayAbortEval } : {}),
                }
              : text,
          );
        return (
          <div key={i} className="expression" role="group" aria-label={`Expression ${n}`}>
            <div className="expression-row">
              <input
                aria-label={`Expression ${n} of ${thresholdKey}`}
                className="mono"
                value={text}
                spellCheck={false}
                placeholder="p(95)<500"
                aria-invalid={problem !== undefined}
                aria-describedby={problem ? `${id}-${i}-problem` : undefined}
                onChange={(e) => d.set(obj ? [...path, i, 'threshold'] : [...path, i], e.target.value)}
              />
              <label className="choice">
                <input
                  type="checkbox"
                  aria-label={`Abort the run when expression ${n} of ${thresholdKey} fails`}
                  checked={obj?.abortOnFail === true}
                  onChange={(e) => setAbort(e.target.checked)}
                />{' '}
                Abort on fail
              </label>
              <button
                type="button"
                aria-label={`Remove expression ${n}`}
                disabled={rules.length <= 1}
                title={rules.length <= 1 ? 'Remove the threshold instead' : undefined}
                onClick={() => d.edit({ kind: 'delete', path: [...path, i] })}
              >
                ✕
              </button>
            </div>
            {problem && (
              <p id={`${id}-${i}-problem`} className="field-issues" aria-live="polite">
                {problem}
              </p>
            )}
            {obj?.abortOnFail === true && (
              <DurationField
                path={[...path, i, 'delayAbortEval']}
                label="Delay abort evaluation"
                placeholder="e.g. 10s (default: at once)"
              />
            )}
          </div>
        );
      })}
      <button type="button" onClick={() => d.edit({ kind: 'insert', path, index: rules.length, value: next })}>
        Add expression
      </button>
    </div>
  );
}
