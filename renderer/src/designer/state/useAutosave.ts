/**
 * Autosave: every change is saved as a new revision shortly after the user stops typing, one save at a time
 * (save-queue.ts). A save based on a revision that is no longer current (another window saved) is a conflict:
 * nothing is overwritten, the user chooses to reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LiteralCredential } from '../../../../app/contract/index.ts';
import { useClient } from '../../api.tsx';
import { SaveQueue, type SaveState } from './save-queue.ts';

export type { SaveState } from './save-queue.ts';

const DELAY_MS = 700;

/** `credentials`: what the stored plan holds in clear, as the back end reports it after each save. */
export function useAutosave(
  planId: string,
  doc: unknown,
  initialRevision: number,
  initialCredentials: readonly LiteralCredential[],
  load: (doc: unknown) => void,
) {
  const client = useClient();
  const [save, setSave] = useState<SaveState>({ status: 'saved', revision: initialRevision, at: null });
  const [credentials, setCredentials] = useState(initialCredentials);
  const queue = useRef<SaveQueue | null>(null);
  queue.current ??= new SaveQueue(
    doc,
    initialRevision,
    async (d, baseRevision) => {
      const rec = await client.call('plans.save', { id: planId, document: d, baseRevision });
      setCredentials(rec.credentials);
      return rec;
    },
    setSave,
  );

  useEffect(() => {
    const q = queue.current as SaveQueue;
    q.changed(doc);
    const timer = setTimeout(() => q.flush(), DELAY_MS);
    return () => clearTimeout(timer);
  }, [doc]);

  const reload = useCallback(async () => {
    const rec = await client.call('plans.get', { id: planId });
    queue.current?.reset(rec.document, rec.revision);
    setCredentials(rec.credentials);
    load(rec.document);
  }, [client, planId, load]);

  return { save, reload, credentials };
}
