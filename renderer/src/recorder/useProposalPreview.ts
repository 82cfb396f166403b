/**
 * The plan the user's choices give: `recordings.propose` again with the accepted correlations and unique values
 * (debounced), so the variables to set, the notes and the YAML follow each tick. Nothing is stored until "Create plan".
 */
import { useEffect, useState } from 'react';
import type { ConvertOptions, PlanProposal } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';

export interface Proposed {
  options: ConvertOptions;
  proposal: PlanProposal;
}

const DEBOUNCE_MS = 250;

export function useProposalPreview(
  recordingId: string,
  entryIds: readonly number[],
  proposed: Proposed | null,
  accepted: readonly string[],
  unique: readonly string[],
) {
  const client = useClient();
  const [state, setState] = useState<{ proposal: PlanProposal | null; loading: boolean; error: unknown }>({
    proposal: null,
    loading: false,
    error: undefined,
  });
  useEffect(() => {
    if (!proposed) return;
    const same = (list: readonly { id: string; applied: boolean }[], chosen: readonly string[]): boolean => {
      const applied = list.filter((c) => c.applied).map((c) => c.id);
      return applied.length === chosen.length && applied.every((x) => chosen.includes(x));
    };
    if (same(proposed.proposal.correlations, accepted) && same(proposed.proposal.uniqueValues, unique)) {
      setState({ proposal: proposed.proposal, loading: false, error: undefined });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      client
        .call('recordings.propose', {
          id: recordingId,
          entryIds: [...entryIds],
          options: proposed.options,
          acceptedCorrelations: [...accepted],
          acceptedUniqueValues: [...unique],
        })
        .then(
          (proposal) => {
            if (current) setState({ proposal, loading: false, error: undefined });
          },
          (error: unknown) => {
            if (current) setState((s) => ({ ...s, loading: false, error }));
          },
        );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [client, recordingId, entryIds, proposed, accepted, unique]);
  return state;
}
