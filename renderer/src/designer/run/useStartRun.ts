/**
 * Starting a load test from the designer: check the overrides, let autosave store the plan, `runs.start` with the
 * chosen environment, overrides and label, then open the run's dashboard. Problems stay in the dialog: the
 * overrides' own, a failed save, or the back end's (plan_invalid comes with located issues).
 */
import { useCallback, useState } from 'react';
import { RunLabel } from '../../../../app/contract/runs.ts';
import { useClient } from '../../api.tsx';
import { navigate } from '../../routing/useRoute.ts';
import { parseOverrides, type OverrideFields } from '../../runs/overrides.ts';
import { parseStream, type StreamFields } from '../../runs/stream-output.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { useWaitSaved } from './useWaitSaved.ts';

export interface RunRequest {
  environmentId: string | null;
  fields: OverrideFields;
  label: string;
  stream: StreamFields;
}

export interface StartRun {
  start(request: RunRequest): Promise<void>;
  busy: 'saving' | 'starting' | null;
  problems: string[];
  error: unknown;
}

export function useStartRun(): StartRun {
  const client = useClient();
  const d = useDesigner();
  const waitSaved = useWaitSaved(d.save);
  const { planId } = d;
  const [busy, setBusy] = useState<StartRun['busy']>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [error, setError] = useState<unknown>();

  const start = useCallback(
    async ({ environmentId, fields, label, stream }: RunRequest) => {
      setError(undefined);
      const parsed = parseOverrides(fields);
      const labelText = label.trim();
      const found = parsed.ok ? [] : [...parsed.problems];
      const labelCheck = labelText ? RunLabel.safeParse(labelText) : null;
      if (labelCheck && !labelCheck.success)
        found.push(`Label: ${labelCheck.error.issues[0]?.message ?? 'not a valid label'}`);
      const streamed = parseStream(stream);
      if (!streamed.ok) found.push(streamed.problem);
      setProblems(found);
      if (!parsed.ok || found.length > 0) return;
      try {
        setBusy('saving');
        await waitSaved();
        setBusy('starting');
        const run = await client.call('runs.start', {
          planId,
          ...(environmentId ? { environmentId } : {}),
          ...(parsed.overrides ? { overrides: parsed.overrides } : {}),
          ...(labelText ? { label: labelText } : {}),
          ...(streamed.ok && streamed.outputs ? { outputs: streamed.outputs } : {}),
        });
        // Remembering the environment is a convenience: its failure must not look like a failed start.
        client.call('settings.set', { patch: { lastEnvironmentId: environmentId } }).catch(() => undefined);
        navigate({ page: 'run', id: run.id });
      } catch (e) {
        setError(e);
        setBusy(null);
      }
    },
    [client, planId, waitSaved],
  );

  return { start, busy, problems, error };
}
