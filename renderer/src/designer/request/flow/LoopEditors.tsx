/**
 * The loops' editors: repeat (a count), while and doWhile (a condition and the required max), forEach (a list and
 * the item's name). Each names its pass counter, and shows its steps as links (they are edited in the outline).
 */
import type { Path } from '../../core/doc-path.ts';
import { stepAt, stepKind } from '../../core/doc/index.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { StepLinks } from '../StepLinks.tsx';
import { ConditionField } from './ConditionField.tsx';
import { TimesField } from './TimesField.tsx';

function Loop({
  stepPath,
  kind,
  title,
  hint,
  children,
}: {
  stepPath: Path;
  kind: string;
  title: string;
  hint: string;
  children: React.ReactNode;
}) {
  const id = fieldId(stepPath, `-${kind}`);
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="hint">{hint}</p>
      {children}
      <TextField
        path={[...stepPath, kind, 'counter']}
        label="Pass counter variable"
        placeholder="index"
        hint="Holds the pass number, from 0, while the loop runs (default: index). Nested loops need their own names."
      />
      <StepLinks listPath={[...stepPath, kind, 'steps']} title="Steps in each pass" />
    </section>
  );
}

export function RepeatEditor({ stepPath }: { stepPath: Path }) {
  return (
    <Loop
      stepPath={stepPath}
      kind="repeat"
      title="Repeat"
      hint="Runs the steps a number of times (JMeter Loop, Gatling repeat). A pass is not an iteration."
    >
      <TimesField path={[...stepPath, 'repeat', 'times']} />
    </Loop>
  );
}

/** while and doWhile: the same fields, the condition checked before or after each pass. */
export function WhileEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const kind = stepKind(stepAt(d.doc, stepPath)) === 'doWhile' ? 'doWhile' : 'while';
  const hint =
    kind === 'while'
      ? 'Runs the steps as long as the condition holds, checked before each pass (Gatling asLongAs, JMeter While).'
      : 'Runs the steps, then again as long as the condition holds, checked after each pass: they run at least once (Gatling doWhile).';
  return (
    <Loop stepPath={stepPath} kind={kind} title={kind === 'while' ? 'While' : 'Do while'} hint={hint}>
      <ConditionField path={[...stepPath, kind, 'condition']} label="Condition" placeholder="status() == 202" />
      <NumberField path={[...stepPath, kind, 'max']} label="Most passes (required)" min={1} placeholder="30" />
      <p className="hint">
        When the condition still holds at the max, the loop stops, the steps after it run, and the summary counts a
        loop-max error.
      </p>
    </Loop>
  );
}

export function ForEachEditor({ stepPath }: { stepPath: Path }) {
  return (
    <Loop
      stepPath={stepPath}
      kind="forEach"
      title="For each"
      hint="Runs the steps once for each item of a list, e.g. an extraction with all: true (JMeter ForEach, Gatling foreach)."
    >
      <ConditionField
        path={[...stepPath, 'forEach', 'in']}
        label="List"
        placeholder="skus"
        hint="An expression giving a list, without ${...}: a variable extracted with all: true, or a part of a response (page.items)."
      />
      <TextField
        path={[...stepPath, 'forEach', 'as']}
        label="Item variable"
        placeholder="item"
        hint="Holds the current item while the loop runs (default: item)."
      />
    </Loop>
  );
}
