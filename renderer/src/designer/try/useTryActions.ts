/**
 * Try it and Validate as the header runs them: the current document (saved or not), the chosen environment, and
 * the variables of the last run. Results go to the designer's try store, and so does each request's own result
 * with the request as it was sent, so its checks and extractions forms show live results.
 */
import { useCallback } from 'react';
import { useClient } from '../../api.tsx';
import type { Doc, Path } from '../core/doc-path.ts';
import { requestOf, stepAt } from '../core/doc/index.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { variablesAfter } from './format.ts';
import { sessionTryDocument } from './websocket/try-session.ts';
import { useTryState, useTryStore } from './TryProvider.tsx';

export interface TryActions {
  /** Sends the request step at `path`. */
  tryRequest(path: Path): Promise<void>;
  /** Runs the WebSocket session step at `path` once (see websocket/try-session.ts). */
  trySession(path: Path): Promise<void>;
  /** Runs one iteration of the plan. */
  validate(): Promise<void>;
  busy: 'try' | 'validate' | null;
}

export function useTryActions(): TryActions {
  const client = useClient();
  const d = useDesigner();
  const { doc, environmentId } = d;
  const store = useTryStore();
  const { busy } = useTryState();

  const tryRequest = useCallback(
    async (path: Path) => {
      const done = store.beginCall('try');
      try {
        const r = await client.call('designer.tryRequest', {
          document: doc,
          path: [...path],
          variables: store.getState().variables,
          ...withEnvironment(environmentId),
        });
        store.setLastTry(path, r.entry, sentRequest(doc, path));
        done({ result: { kind: 'try', entry: r.entry }, variables: r.variables });
      } catch (error) {
        done({ result: { kind: 'error', what: 'try', error } });
      }
    },
    [client, store, doc, environmentId],
  );

  const trySession = useCallback(
    async (path: Path) => {
      const done = store.beginCall('try');
      try {
        const variables = store.getState().variables;
        const result = await client.call('designer.validate', {
          document: sessionTryDocument(doc, path, variables),
          ...withEnvironment(environmentId),
        });
        const session = result.websockets?.[0];
        if (!session) throw new Error(result.errors[0]?.message ?? 'the session did not run');
        done({
          result: { kind: 'session', path, session: { ...session, path: [...path] } },
          variables: variablesAfter([session], variables),
        });
      } catch (error) {
        done({ result: { kind: 'error', what: 'try', error } });
      }
    },
    [client, store, doc, environmentId],
  );

  const validate = useCallback(async () => {
    const done = store.beginCall('validate');
    try {
      const result = await client.call('designer.validate', { document: doc, ...withEnvironment(environmentId) });
      for (const e of result.entries) store.setLastTry(e.path, e, sentRequest(doc, e.path));
      // Open the first request that needs attention, as a test report opens the first failure.
      const firstProblem = result.entries.findIndex(
        (e) => e.error !== null || e.checks.some((c) => !c.ok) || e.extracted.some((x) => !x.ok),
      );
      done({
        result: { kind: 'validate', result, selected: Math.max(0, firstProblem) },
        // Sessions after requests: the order between them is not in the result, the final values are what matter.
        variables: variablesAfter([...result.entries, ...(result.websockets ?? [])]),
      });
    } catch (error) {
      done({ result: { kind: 'error', what: 'validate', error } });
    }
  }, [client, store, doc, environmentId]);

  return { tryRequest, trySession, validate, busy };
}

/** The request of the step at `stepPath` in the document that was sent. */
function sentRequest(doc: Doc, stepPath: Path): ReturnType<typeof requestOf> {
  return requestOf(stepAt(doc, stepPath));
}

/** The contract's optional environmentId: absent for "None". */
function withEnvironment(id: string | null): { environmentId?: string } {
  return id !== null ? { environmentId: id } : {};
}
