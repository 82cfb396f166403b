/**
 * "Create a plan" from a recording, in two steps: options (groups, think times, static assets) → `recordings.propose`;
 * then the correlations and typed values to accept or reject (the preview follows), the variables to set, the
 * notes, the plan's name → `recordings.toPlan`, and the plan opens in the designer.
 */
import { useId, useState } from 'react';
import type { EntrySummary, Recording } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';
import { navigate } from '../routing/useRoute.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { initialAccepted } from './correlation-choices.ts';
import { convertOptions, DEFAULT_CONVERT, type ConvertForm } from './convert-options.ts';
import { ConvertOptionsStep } from './ConvertOptionsStep.tsx';
import { CorrelationReview } from './CorrelationReview.tsx';
import { useModal } from './useModal.ts';
import { useProposalPreview, type Proposed } from './useProposalPreview.ts';

interface Props {
  recording: Recording;
  /** The entries to convert (frozen when the dialog opens). */
  entryIds: readonly number[];
  entries: ReadonlyMap<number, EntrySummary>;
  onClose: () => void;
}

/** Dialog "Create a plan from <recording>": "Find correlations", then "Create plan". */
export function ConvertDialog({ recording, entryIds, entries, onClose }: Props) {
  const ref = useModal();
  const id = useId();
  const client = useClient();
  const [ids] = useState(() => [...entryIds]);
  const [form, setForm] = useState<ConvertForm>(DEFAULT_CONVERT);
  const [name, setName] = useState(`From ${recording.name}`.slice(0, 200));
  const [proposed, setProposed] = useState<Proposed | null>(null);
  const [accepted, setAccepted] = useState<string[]>([]);
  const [unique, setUnique] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const preview = useProposalPreview(recording.id, ids, proposed, accepted, unique);

  const act = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await what();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const find = () =>
    act(async () => {
      const o = convertOptions(form);
      if (!o.ok) throw new Error(o.message);
      const proposal = await client.call('recordings.propose', { id: recording.id, entryIds: ids, options: o.options });
      setAccepted(initialAccepted(proposal.correlations));
      setUnique(initialAccepted(proposal.uniqueValues));
      setProposed({ options: o.options, proposal });
    });
  const create = () =>
    act(async () => {
      if (!proposed) return;
      if (!name.trim()) throw new Error('Give the plan a name.');
      const { plan } = await client.call('recordings.toPlan', {
        id: recording.id,
        entryIds: ids,
        options: proposed.options,
        acceptedCorrelations: accepted,
        acceptedUniqueValues: unique,
        name: name.trim(),
      });
      navigate({ page: 'plan', id: plan.id });
    });

  return (
    <dialog
      ref={ref}
      className="confirm convert-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>Create a plan from {recording.name}</h2>
      {proposed === null ? (
        <ConvertOptionsStep form={form} onForm={setForm} entryCount={ids.length} />
      ) : (
        <CorrelationReview
          proposal={preview.proposal ?? proposed.proposal}
          correlations={proposed.proposal.correlations}
          entries={entries}
          accepted={accepted}
          onAccepted={setAccepted}
          uniqueValues={proposed.proposal.uniqueValues}
          unique={unique}
          onUnique={setUnique}
          updating={preview.loading}
          name={name}
          onName={setName}
        />
      )}
      {preview.error !== undefined && <ErrorNotice title="The preview could not be updated" error={preview.error} />}
      {error !== undefined && (
        <ErrorNotice title={proposed ? 'The plan was not created' : 'No plan could be proposed'} error={error} />
      )}
      <div className="actions">
        {proposed && (
          <button type="button" onClick={() => setProposed(null)} disabled={busy}>
            Back to options
          </button>
        )}
        <span className="toolbar-spacer" />
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        {proposed === null ? (
          <button type="button" className="primary" onClick={() => void find()} disabled={busy} aria-busy={busy}>
            Find correlations
          </button>
        ) : (
          <button
            type="button"
            className="primary"
            onClick={() => void create()}
            disabled={busy || preview.loading}
            aria-busy={busy}
          >
            Create plan
          </button>
        )}
      </div>
    </dialog>
  );
}
