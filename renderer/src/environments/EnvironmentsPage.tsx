/** #/environments: the list of environments beside the editor of the selected one. */
import { useState } from 'react';
import type { Environment } from '../../../app/contract/environments.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad, useTitle } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { Notice } from '../ui/Notice.tsx';
import { EnvironmentEditor } from './EnvironmentEditor.tsx';

type Selection = { kind: 'none' } | { kind: 'new' } | { kind: 'env'; id: string };

/** Heading "Environments"; list named "Environments" (one button per environment); button "New environment". */
export function EnvironmentsPage() {
  useTitle('Environments');
  const envs = useLoad((c) => c.call('environments.list', {}), 'environments.list');
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const [note, setNote] = useState<string | null>(null);
  // The save's answer, shown until the reloaded list has it (a new environment is not in the old list).
  const [justSaved, setJustSaved] = useState<Environment | null>(null);
  const listed = selection.kind === 'env' ? envs.data?.find((e) => e.id === selection.id) : undefined;
  const selected =
    selection.kind !== 'env'
      ? null
      : justSaved?.id === selection.id && (!listed || listed.updatedAt < justSaved.updatedAt)
        ? justSaved
        : (listed ?? null);

  return (
    <section className="page" aria-labelledby="envs-heading">
      <header className="page-header">
        <h1 id="envs-heading">Environments</h1>
        <p className="muted">
          Named sets of variables a run reads as <code>{'${env.NAME}'}</code>: base URLs, tokens, passwords.
        </p>
      </header>
      {envs.error !== undefined && <ErrorNotice title="Could not load the environments" error={envs.error} />}
      {note && <Notice onDismiss={() => setNote(null)}>{note}</Notice>}
      <div className="split">
        <div className="split-list">
          <button
            type="button"
            className="primary"
            onClick={() => {
              setNote(null);
              setSelection({ kind: 'new' });
            }}
          >
            New environment
          </button>
          {envs.data === undefined ? (
            envs.loading && <Loading what="Loading environments…" />
          ) : envs.data.length === 0 ? (
            <p className="empty">No environments yet.</p>
          ) : (
            <ul className="select-list" aria-label="Environments">
              {envs.data.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    aria-current={selection.kind === 'env' && selection.id === e.id ? 'true' : undefined}
                    onClick={() => {
                      setNote(null);
                      setSelection({ kind: 'env', id: e.id });
                    }}
                  >
                    {e.name}
                    <span className="muted small">
                      {' '}
                      · {e.variables.length} variable{e.variables.length === 1 ? '' : 's'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="split-main">
          {selection.kind === 'none' && <p className="empty">Select an environment, or create one.</p>}
          {(selection.kind === 'new' || selected) && (
            <EnvironmentEditor
              // A fresh editor (and draft) per environment and per saved version.
              key={selected ? `${selected.id}@${selected.updatedAt}` : 'new'}
              environment={selected}
              onSaved={(env) => {
                setNote(`Saved ${env.name}.`);
                setJustSaved(env);
                setSelection({ kind: 'env', id: env.id });
                envs.reload();
              }}
              onDeleted={() => {
                setNote(`Deleted ${selected?.name ?? 'the environment'}.`);
                setSelection({ kind: 'none' });
                envs.reload();
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}
