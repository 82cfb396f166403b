/**
 * Autosave: every change is saved as a new revision shortly after the user stops typing. A save based on a
 * revision that is no longer current (another window saved) is a conflict: nothing is overwritten, the user
 * chooses to reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ContractError } from '../../../../app/contract/errors.ts';
import { useClient } from '../../api.tsx';

export type SaveState =
  | { status: 'saved'; revision: number; at: Date | null }
  | { status: 'unsaved' | 'saving'; revision: number }
  | { status: 'error'; revision: number; message: string }
  | { status: 'conflict'; revision: number; message: string };

const DELAY_MS = 700;

export function useAutosave(planId: string, doc: unknown, initialRevision: number, load: (doc: unknown) => void) {
  const client = useClient();
  const [save, setSave] = useState<SaveState>({ status: 'saved', revision: initialRevision, at: null });
  const saved = useRef<unknown>(doc);
  const revision = useRef(initialRevision);
  const blocked = useRef(false);

  useEffect(() => {
    if (doc === saved.current || blocked.current) return;
    setSave({ status: 'unsaved', revision: revision.current });
    const timer = setTimeout(() => {
      setSave({ status: 'saving', revision: revision.current });
      client.call('plans.save', { id: planId, document: doc, baseRevision: revision.current }).then((rec) => {
        saved.current = doc;
        revision.current = rec.revision;
        setSave({ status: 'saved', revision: rec.revision, at: new Date() });
      }, (e: unknown) => {
        if (e instanceof ContractError && e.code === 'conflict') {
          blocked.current = true;
          setSave({ status: 'conflict', revision: revision.current, message: e.message });
        } else {
          setSave({ status: 'error', revision: revision.current, message: (e as Error).message });
        }
      });
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [client, planId, doc]);

  const reload = useCallback(async () => {
    const rec = await client.call('plans.get', { id: planId });
    saved.current = rec.document;
    revision.current = rec.revision;
    blocked.current = false;
    load(rec.document);
    setSave({ status: 'saved', revision: rec.revision, at: new Date() });
  }, [client, planId, load]);

  return { save, reload };
}
