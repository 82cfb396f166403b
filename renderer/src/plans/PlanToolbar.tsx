/** Above the plan table: create, import, and how exports are written (format, secrets). */
import { useRef } from 'react';
import { useCapabilities } from '../api.tsx';
import { PLAN_FILE_ACCEPT } from './files.ts';
import type { PlanImport } from './usePlanImport.tsx';
import type { ExportOptions } from './usePlanExport.tsx';

interface Props {
  onNewPlan: () => void;
  importer: PlanImport;
  exportOptions: ExportOptions;
  onExportOptions: (o: ExportOptions) => void;
}

/** Buttons "New plan" and "Import plan…", file input "Plan file", combobox "Export format", checkbox "Include secrets in exports". */
export function PlanToolbar({ onNewPlan, importer, exportOptions, onExportOptions }: Props) {
  const { nativeDialogs } = useCapabilities();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="toolbar" role="toolbar" aria-label="Plan actions">
      <button type="button" className="primary" onClick={onNewPlan}>New plan</button>
      <button type="button" onClick={() => (nativeDialogs ? void importer.importWithDialog() : input.current?.click())}>Import plan…</button>
      {!nativeDialogs && (
        <input
          ref={input}
          type="file"
          className="visually-hidden"
          aria-label="Plan file"
          tabIndex={-1}
          accept={PLAN_FILE_ACCEPT}
          multiple
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = ''; // the same file may be picked again after fixing it
            void importer.importFiles(files);
          }}
        />
      )}
      <span className="toolbar-spacer" />
      <label className="inline-label">
        Export format
        <select value={exportOptions.format} onChange={(e) => onExportOptions({ ...exportOptions, format: e.target.value === 'json' ? 'json' : 'yaml' })}>
          <option value="yaml">YAML</option>
          <option value="json">JSON</option>
        </select>
      </label>
      <label className="choice" title="Otherwise secrets in headers and auth are written as ${env.NAME} references">
        <input type="checkbox" checked={exportOptions.includeSecrets} onChange={(e) => onExportOptions({ ...exportOptions, includeSecrets: e.target.checked })} />
        Include secrets in exports
      </label>
    </div>
  );
}
