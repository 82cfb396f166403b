/**
 * The import dialog's second step: the format it was read as (with an override), the plan it gives, the report
 * (not imported / changed / secrets moved to variables), the variables to set, and "Create plan".
 */
import { useId, useMemo, useState } from 'react';
import type { ImportReport, PlanRecord } from '../../../../app/contract/plans.ts';
import { useClient } from '../../api.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { detectedFormat, type FormatChoice } from './formats.ts';
import { FormatFields } from './FormatFields.tsx';
import { PlanOutline } from './PlanOutline.tsx';
import { importParams, type FormatOptionValues, type ImportText } from './source.ts';
import { useImportPreview } from './useImportPreview.ts';
import { VariablesSection, type EnvironmentChoice } from './VariablesSection.tsx';

export type ImportedPlan = PlanRecord & { report: ImportReport };

interface Props {
  source: ImportText;
  choice: FormatChoice;
  onChoice: (c: FormatChoice) => void;
  options: FormatOptionValues;
  onOptions: (o: FormatOptionValues) => void;
  onBack: () => void;
  onCancel: () => void;
  onCreated: (plan: ImportedPlan) => void;
}

export function PreviewStep({ source, choice, onChoice, options, onOptions, onBack, onCancel, onCreated }: Props) {
  const client = useClient();
  const id = useId();
  const params = useMemo(() => importParams(source, choice, options), [source, choice, options]);
  const { preview, error, loading } = useImportPreview(params);
  const [name, setName] = useState<string | null>(null);
  const [environment, setEnvironment] = useState<EnvironmentChoice | null>(null);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>();
  const planName = name ?? preview?.planName ?? '';
  const env = environment ?? { create: options.environment !== null, name: planName };

  const create = async () => {
    if (!preview) return;
    setCreating(true);
    setCreateError(undefined);
    try {
      onCreated(await client.call('plans.import', {
        ...params,
        ...(planName.trim() && planName.trim() !== preview.planName ? { name: planName.trim() } : {}),
        ...(env.create && preview.variables.length > 0 ? { createEnvironment: { name: env.name.trim() || planName } } : {}),
      }));
    } catch (e) {
      setCreateError(e);
      setCreating(false);
    }
  };

  return (
    <div className="import-preview">
      <p className="import-from">
        From <strong>{source.fileName}</strong>{' '}
        <button type="button" className="ghost" onClick={onBack}>Change source</button>
      </p>
      <FormatFields choice={choice} onChoice={onChoice} format={preview?.format ?? (choice === 'auto' ? null : choice)}
        detected={detectedFormat(preview, choice)} options={options} onOptions={onOptions} />
      <p className="muted small" role="status" aria-live="polite">{loading ? 'Reading…' : ''}</p>
      {error !== undefined && !loading && <ErrorNotice title={`Cannot import ${source.fileName}`} error={error} />}
      {preview && (
        <div aria-busy={loading} className={loading ? 'import-stale' : undefined}>
          <div className="field">
            <label htmlFor={`${id}-name`}>Plan name</label>
            <input id={`${id}-name`} value={planName} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          <PlanOutline preview={preview} />
          {preview.variables.length > 0 && <VariablesSection variables={preview.variables} environment={env} onEnvironment={setEnvironment} />}
        </div>
      )}
      {createError !== undefined && <ErrorNotice title="The plan was not created" error={createError} />}
      <div className="actions">
        <button type="button" onClick={onCancel} disabled={creating}>Cancel</button>
        <button type="button" className="primary" disabled={!preview || loading || creating || error !== undefined}
          aria-busy={creating} onClick={() => void create()}>
          Create plan
        </button>
      </div>
    </div>
  );
}
