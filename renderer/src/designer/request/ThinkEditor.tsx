/** A think step: a fixed pause (`think: 1s`) or one drawn uniformly between min and max (`think: { min, max }`). */
import { formatDuration, parseDuration } from 'loadsmith/plan';
import type { Path } from '../core/doc-path.ts';
import { objectOf, stepAt } from '../core/doc/index.ts';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { DurationInput } from './inputs/DurationInput.tsx';

export function ThinkEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const path = [...stepPath, 'think'];
  const think = stepAt(d.doc, stepPath)?.think;
  // Anything but text shows as a range (a list typed in YAML too): choosing "Fixed" writes a duration again.
  const range = think !== null && typeof think === 'object';
  const fixed = typeof think === 'string' ? think : '';
  const min = String(objectOf(think)?.min ?? '');
  const id = fieldId(path);
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      <h2 id={`${id}-title`}>Think time</h2>
      <p className="hint">A pause between requests, as a user reading a page. Validate and Try it skip it.</p>
      <fieldset className="req-segmented">
        <legend>Pause</legend>
        <label className={range ? undefined : 'on'}>
          <input type="radio" name={`${id}-mode`} checked={!range} onChange={() => d.set(path, min || '1s')} />
          Fixed
        </label>
        <label className={range ? 'on' : undefined}>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={range}
            onChange={() => d.set(path, { min: fixed || '1s', max: fixed ? doubled(fixed) : '2s' })}
          />
          Random between a minimum and a maximum
        </label>
      </fieldset>
      {range ? (
        <div className="req-row">
          {/* Required inputs: clearing one keeps its key, so the pause stays a range while it is retyped. */}
          <DurationInput path={[...path, 'min']} label="Minimum pause" placeholder="500ms" />
          <DurationInput path={[...path, 'max']} label="Maximum pause" placeholder="1500ms" />
        </div>
      ) : (
        <DurationInput path={path} label="Pause duration" placeholder="1s" />
      )}
      {range && <p className="hint">Each pause is drawn uniformly between the two.</p>}
    </section>
  );
}

/** Twice a duration, as a starting maximum when a fixed pause becomes a range. */
function doubled(text: string): string {
  const ms = parseDuration(text);
  return ms === undefined ? text : formatDuration(ms * 2);
}
