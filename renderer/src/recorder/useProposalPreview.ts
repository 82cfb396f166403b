/**
 * The plan the user's correlation choices give: `recordings.propose` again with the accepted ids (debounced), so the
 * variables to set and the notes follow each tick. Nothing is stored until "Create plan".
 */
import { useEffect, useState } from 'react';
import type { ConvertOptions, PlanProposal } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';

export interface Proposed { options: ConvertOptions; proposal: PlanProposal }

const DEBOUNCE_MS = 250;

export function useProposalPreview(recordingId: string, entryIds: readonly number[], proposed: Proposed | null, accepted: readonly string[]) {
  const client = useClient();
  const [state, setState] = useState<{ proposal: PlanProposal | null; loading: boolean; error: unknown }>({ proposal: null, loading: false, error: undefined });
  useEffect(() => {
    if (!proposed) return;
    const applied = proposed.proposal.correlations.filter((c) => c.applied).map((c) => c.id);
    if (applied.length === accepted.length && applied.every((x) => accepted.includes(x))) {
      setState({ proposal: proposed.proposal, loading: false, error: undefined });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      client.call('recordings.propose', { id: recordingId, entryIds: [...entryIds], options: proposed.options, acceptedCorrelations: [...accepted] }).then(
        (proposal) => { if (current) setState({ proposal, loading: false, error: undefined }); },
        (error: unknown) => { if (current) setState((s) => ({ ...s, loading: false, error })); },
      );
    }, DEBOUNCE_MS);
    return () => { current = false; clearTimeout(timer); };
  }, [client, recordingId, entryIds, proposed, accepted]);
  return state;
}
