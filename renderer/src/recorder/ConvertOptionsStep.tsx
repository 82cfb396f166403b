/** The first step of "Create a plan": how requests are grouped, think times, static assets, the User-Agent. */
import { useId } from 'react';
import { GROUP_LABELS, type ConvertForm } from './convert-options.ts';

interface Props {
  form: ConvertForm;
  onForm: (f: ConvertForm) => void;
  entryCount: number;
}

/** Combobox "Groups", textboxes "Pause between groups (ms)" and "Shortest think time (ms)", checkboxes for the rest. */
export function ConvertOptionsStep({ form, onForm, entryCount }: Props) {
  const id = useId();
  const set = (patch: Partial<ConvertForm>) => onForm({ ...form, ...patch });
  return (
    <div className="form convert-options">
      <p>
        {entryCount} entr{entryCount === 1 ? 'y' : 'ies'} become request steps, in order; a redirect chain is one step
        (the engine follows it, as the browser did), except after a form submission, whose redirect is checked (a
        refused form answers with the form again) before the next page is requested. Then Loadsmith looks for values the
        server produced that later requests send back, and for typed values to make unique.
      </p>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-group`}>Groups</label>
          <select
            id={`${id}-group`}
            value={form.groupBy}
            onChange={(e) => set({ groupBy: e.target.value as ConvertForm['groupBy'] })}
          >
            {(Object.keys(GROUP_LABELS) as ConvertForm['groupBy'][]).map((g) => (
              <option key={g} value={g}>
                {GROUP_LABELS[g]}
              </option>
            ))}
          </select>
        </div>
        {form.groupBy === 'gap' && (
          <div className="field field-small">
            <label htmlFor={`${id}-gap`}>Pause between groups (ms)</label>
            <input
              id={`${id}-gap`}
              inputMode="numeric"
              value={form.gapMs}
              onChange={(e) => set({ gapMs: e.target.value })}
            />
          </div>
        )}
      </div>
      <div className="form-row">
        <label className="choice field-submit">
          <input type="checkbox" checked={form.thinkTimes} onChange={(e) => set({ thinkTimes: e.target.checked })} />
          Think times from the recorded pauses
        </label>
        {form.thinkTimes && (
          <div className="field field-small">
            <label htmlFor={`${id}-think`}>Shortest think time (ms)</label>
            <input
              id={`${id}-think`}
              inputMode="numeric"
              value={form.minThinkMs}
              onChange={(e) => set({ minThinkMs: e.target.value })}
            />
          </div>
        )}
      </div>
      <label className="choice">
        <input type="checkbox" checked={form.skipStatic} onChange={(e) => set({ skipStatic: e.target.checked })} />
        Leave out static assets (scripts, styles, images, fonts, media)
      </label>
      <label className="choice">
        <input
          type="checkbox"
          checked={form.keepUserAgent}
          onChange={(e) => set({ keepUserAgent: e.target.checked })}
        />
        Send the browser's User-Agent (default: the engine's own)
      </label>
    </div>
  );
}
