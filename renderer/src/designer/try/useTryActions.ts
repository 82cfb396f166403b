/**
 * Try it and Validate as the header runs them: the current document (saved or not), the chosen environment, and
 * the variables of the last run. Results go to the try store; each Try it (and each request of a Validate) also
 * goes to the request editor's last-response store, so its checks and extractions forms show live results.
 */
import { useCallback } from 'react';
import { useClient } from '../../api.tsx';
import type { Path } from '../core/doc-path.ts';
import { setLastTry } from '../request/last-response.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { variablesAfter } from './format.ts';
import { beginCall, getTryState, useTryState } from './try-store.ts';

export interface TryActions {
  /** Sends the request step at `path`. */
  tryRequest(path: Path): Promise<void>;
  /** Runs one iteration of the plan. */
  validate(): Promise<void>;
  busy: 'try' | 'validate' | null;
}

export function useTryActions(): TryActions {
  const client = useClient();
  const d = useDesigner();
  const { planId, doc, environmentId } = d;
  const { busy } = useTryState(planId);

  const tryRequest = useCallback(async (path: Path) => {
    const done = beginCall(planId, 'try');
    try {
      const r = await client.call('designer.tryRequest', { document: doc, path: [...path], variables: getTryState(planId).variables, ...withEnvironment(environmentId) });
      setLastTry(path, r.entry);
      done({ result: { kind: 'try', entry: r.entry }, variables: r.variables });
    } catch (error) {
      done({ result: { kind: 'error', what: 'try', error } });
    }
  }, [client, planId, doc, environmentId]);

  const validate = useCallback(async () => {
    const done = beginCall(planId, 'validate');
    try {
      const result = await client.call('designer.validate', { document: doc, ...withEnvironment(environmentId) });
      for (const e of result.entries) setLastTry(e.path, e);
      // Open the first request that needs attention, as a test report opens the first failure.
      const firstProblem = result.entries.findIndex((e) => e.error !== null || e.checks.some((c) => !c.ok) || e.extracted.some((x) => !x.ok));
      done({ result: { kind: 'validate', result, selected: Math.max(0, firstProblem) }, variables: variablesAfter(result.entries) });
    } catch (error) {
      done({ result: { kind: 'error', what: 'validate', error } });
    }
  }, [client, planId, doc, environmentId]);

  return { tryRequest, validate, busy };
}

/** The contract's optional environmentId: absent for "None". */
function withEnvironment(id: string | null): { environmentId?: string } {
  return id !== null ? { environmentId: id } : {};
}
