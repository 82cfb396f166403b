/**
 * The format select (detected format first, any other to override) and the options of the format read:
 * OpenAPI's base URL, HAR's "skip static files", Vegeta's rate and duration, Postman's environment file.
 */
import { useId, useRef } from 'react';
import type { ImportFormat } from '../../../../app/contract/plans.ts';
import { useCapabilities, useClient } from '../../api.tsx';
import { formatOptions, type FormatChoice } from './formats.ts';
import type { FormatOptionValues } from './source.ts';

interface Props {
  choice: FormatChoice;
  onChoice: (c: FormatChoice) => void;
  /** The format the preview was read as (detected or chosen), null before the first answer. */
  format: ImportFormat | null;
  detected: ImportFormat | null;
  options: FormatOptionValues;
  onOptions: (o: FormatOptionValues) => void;
}

/** Combobox "Format", and per format: "Base URL", "Include operations that change data", "Skip static files", "Rate (per second)", "Duration", "Postman environment". */
export function FormatFields({ choice, onChoice, format, detected, options, onOptions }: Props) {
  const id = useId();
  const client = useClient();
  const { nativeDialogs } = useCapabilities();
  const envInput = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<FormatOptionValues>) => onOptions({ ...options, ...patch });
  const chooseEnvironment = async () => {
    if (!nativeDialogs) { envInput.current?.click(); return; }
    const picked = await client.call('dialogs.openPlanFile', {});
    if (picked) set({ environment: picked });
  };
  return (
    <div className="form-row import-format">
      <div className="field">
        <label htmlFor={`${id}-format`}>Format</label>
        <select id={`${id}-format`} value={choice} onChange={(e) => onChoice(e.target.value as FormatChoice)}>
          {formatOptions(detected).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
        </select>
      </div>
      {format === 'openapi' && (
        <>
          <div className="field">
            <label htmlFor={`${id}-base`}>Base URL</label>
            <input id={`${id}-base`} type="url" placeholder="from the document's servers" value={options.baseUrl} onChange={(e) => set({ baseUrl: e.target.value })} />
          </div>
          <label className="choice field-submit">
            <input type="checkbox" checked={options.includeWrites} onChange={(e) => set({ includeWrites: e.target.checked })} />
            Include operations that change data (DELETE, PUT, PATCH, creating POSTs; only on what the plan creates)
          </label>
        </>
      )}
      {format === 'har' && (
        <label className="choice field-submit">
          <input type="checkbox" checked={options.skipStatic} onChange={(e) => set({ skipStatic: e.target.checked })} />
          Skip static files (images, scripts, styles, fonts)
        </label>
      )}
      {format === 'vegeta' && (
        <>
          <div className="field field-small">
            <label htmlFor={`${id}-rate`}>Rate (per second)</label>
            <input id={`${id}-rate`} inputMode="decimal" placeholder="50" value={options.rate} onChange={(e) => set({ rate: e.target.value })} />
          </div>
          <div className="field field-small">
            <label htmlFor={`${id}-duration`}>Duration</label>
            <input id={`${id}-duration`} placeholder="30s" value={options.duration} onChange={(e) => set({ duration: e.target.value })} />
          </div>
        </>
      )}
      {format === 'postman' && (
        <div className="field field-submit">
          <span className="field-label">Postman environment</span>
          <span>
            {options.environment ? <code>{options.environment.fileName}</code> : <span className="muted">none</span>}{' '}
            <button type="button" onClick={() => void chooseEnvironment()}>{options.environment ? 'Change…' : 'Add environment file…'}</button>
            {options.environment && <button type="button" className="ghost" onClick={() => set({ environment: null })}>Remove</button>}
          </span>
          <input ref={envInput} type="file" className="visually-hidden" tabIndex={-1} aria-label="Postman environment file" accept=".json,application/json"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void file.text().then((text) => set({ environment: { fileName: file.name, text } }));
            }} />
        </div>
      )}
    </div>
  );
}
