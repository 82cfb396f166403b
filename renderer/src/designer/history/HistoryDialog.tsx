/**
 * The plan's revision history: every revision with when, what made it (the designer, an import, a restore...) and
 * its name; the selected one's changes as a line diff of the YAML against the revision before it (or against the
 * plan as it is now); restore it (a new revision: nothing is lost) or give it a name. A modal <dialog>.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PlanRevision } from '../../../../app/contract/index.ts';
import { useClient } from '../../api.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useLoad } from '../../ui/hooks.ts';
import { Time } from '../../ui/Time.tsx';
import { planToYaml } from '../code/yaml-text.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { DiffView } from './DiffView.tsx';
import { lineDiff } from './line-diff.ts';
import './history.css';

/** What made a revision, for people: the note, or the designer's autosave. */
export const madeBy = (r: PlanRevision): string => r.note ?? 'edited in the designer';

export function HistoryDialog({ onClose }: { onClose(): void }) {
  const d = useDesigner();
  const client = useClient();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [generation, setGeneration] = useState(0);
  const list = useLoad((c) => c.call('plans.revisions', { id: d.planId }), `${d.planId}:${generation}`);
  const [selected, setSelected] = useState<number | null>(null);
  const [against, setAgainst] = useState<'previous' | 'current'>('previous');
  const [docs, setDocs] = useState<ReadonlyMap<number, unknown>>(new Map());
  const [label, setLabel] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState('');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const revisions = list.data ?? [];
  const chosen = revisions.find((r) => r.revision === selected) ?? revisions[0];
  const previous = chosen ? revisions[revisions.indexOf(chosen) + 1] : undefined;

  // Documents are fetched once each, when a revision or its predecessor is first shown.
  useEffect(() => {
    const wanted = [chosen?.revision, previous?.revision].filter((r): r is number => r !== undefined && !docs.has(r));
    if (wanted.length === 0) return;
    let live = true;
    Promise.all(wanted.map((revision) => client.call('plans.revision', { id: d.planId, revision }))).then(
      (rows) => {
        if (live) setDocs((m) => new Map([...m, ...rows.map((r) => [r.revision, r.document] as const)]));
      },
      (e: unknown) => {
        if (live) setError(e);
      },
    );
    return () => {
      live = false;
    };
  }, [client, d.planId, chosen?.revision, previous?.revision, docs]);

  const diff = useMemo(() => {
    if (!chosen || !docs.has(chosen.revision)) return null;
    const mine = planToYaml(docs.get(chosen.revision));
    if (against === 'current') return lineDiff(mine, planToYaml(d.doc));
    return lineDiff(previous && docs.has(previous.revision) ? planToYaml(docs.get(previous.revision)) : '', mine);
  }, [chosen, previous, docs, against, d.doc]);

  const act = async (what: () => Promise<string>): Promise<void> => {
    setError(null);
    setDone('');
    try {
      setDone(await what());
    } catch (e) {
      setError(e);
    }
  };
  const restore = (r: PlanRevision) =>
    act(async () => {
      const rec = await client.call('plans.restore', { id: d.planId, revision: r.revision });
      await d.reload();
      setGeneration((g) => g + 1);
      setSelected(rec.revision);
      return `Restored revision ${r.revision} as revision ${rec.revision}.`;
    });
  const name = (r: PlanRevision, text: string | null) =>
    act(async () => {
      await client.call('plans.labelRevision', { id: d.planId, revision: r.revision, label: text });
      setGeneration((g) => g + 1);
      setLabel('');
      return text === null ? `Revision ${r.revision} has no name now.` : `Revision ${r.revision} is named “${text}”.`;
    });

  return (
    <dialog
      ref={ref}
      className="confirm history-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>Plan history</h2>
      <p className="hint">
        Every save is a revision; autosaves less than a minute apart are one. Restoring adds a new revision, so nothing
        is lost.
      </p>
      <div className="history-body">
        <ul className="history-list" aria-label="Revisions">
          {revisions.map((r) => (
            <li key={r.revision}>
              <button
                type="button"
                aria-current={r.revision === chosen?.revision ? 'true' : undefined}
                onClick={() => {
                  setSelected(r.revision);
                  setDone('');
                }}
              >
                <span className="history-rev">
                  Revision {r.revision}
                  {r.revision === revisions[0]?.revision ? ' (current)' : ''}
                </span>
                {r.label !== null && <span className="history-label">{r.label}</span>}
                <span className="history-meta">
                  <Time iso={r.savedAt} /> · {madeBy(r)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {chosen && (
          <section className="history-detail" aria-label={`Revision ${chosen.revision}`}>
            <div className="history-tools">
              <div role="radiogroup" aria-label="Compare" className="segmented">
                <button
                  type="button"
                  role="radio"
                  aria-checked={against === 'previous'}
                  onClick={() => setAgainst('previous')}
                >
                  Changes in this revision
                </button>
                <button
                  type="button"
                  role="radio"
                  aria-checked={against === 'current'}
                  onClick={() => setAgainst('current')}
                >
                  From it to now
                </button>
              </div>
              <button
                type="button"
                disabled={chosen.revision === revisions[0]?.revision || d.save.status !== 'saved'}
                onClick={() => void restore(chosen)}
              >
                Restore revision {chosen.revision}
              </button>
            </div>
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                if (label.trim() !== '') void name(chosen, label.trim());
              }}
            >
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                type="text"
                value={label}
                maxLength={100}
                placeholder={chosen.label ?? 'e.g. before the login change'}
                onChange={(e) => setLabel(e.target.value)}
              />
              <button type="submit" disabled={label.trim() === ''}>
                Name this version
              </button>
              {chosen.label !== null && (
                <button type="button" className="ghost" onClick={() => void name(chosen, null)}>
                  Remove name
                </button>
              )}
            </form>
            {diff === null ? <p className="hint">Loading…</p> : <DiffView diff={diff} />}
          </section>
        )}
      </div>
      <p role="status" className="hint">
        {done}
      </p>
      {error !== null && <ErrorNotice title="History" error={error} onDismiss={() => setError(null)} />}
      <div className="actions">
        <button type="button" onClick={onClose} autoFocus>
          Close
        </button>
      </div>
    </dialog>
  );
}
