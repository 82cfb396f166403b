/**
 * Credentials written in the plan (a bearer token, a password, an API key header) sit in the database in clear:
 * offer to move them into an environment's secrets, where they are encrypted and never shown again. Moving also
 * takes them out of the plan's earlier revisions and run snapshots; "Keep in plan" hides the offer until reload.
 */
import { useId, useState } from 'react';
import { useClient } from '../api.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad } from '../ui/hooks.ts';
import { useDesigner } from './state/DesignerProvider.tsx';

export function CredentialsNotice() {
  const d = useDesigner();
  const client = useClient();
  const id = useId();
  const envs = useLoad((c) => c.call('environments.list', {}), 'environments');
  const [kept, setKept] = useState(false);
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState<unknown>(null);
  const chosen = target || d.environmentId || envs.data?.[0]?.id || '';
  const n = d.credentials.length;

  const move = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const r = await client.call('plans.moveCredentials', {
        id: d.planId,
        environmentId: chosen,
        baseRevision: d.save.revision,
      });
      await d.reload();
      d.setEnvironmentId(r.environment.id);
      const names = [...new Set(r.moved.map((m) => m.env))].join(', ');
      setDone(
        `Moved ${r.moved.length} credential${r.moved.length === 1 ? '' : 's'} into the secrets of ${r.environment.name} (${names}); taken out of ${r.rewritten.revisions} earlier revision${r.rewritten.revisions === 1 ? '' : 's'} and ${r.rewritten.runs} run${r.rewritten.runs === 1 ? '' : 's'}.`,
      );
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="designer-notices">
      {done !== '' && (
        <div className="notice notice-info" role="status">
          <div className="notice-body">{done}</div>
          <button type="button" className="ghost" onClick={() => setDone('')}>
            Dismiss
          </button>
        </div>
      )}
      {n > 0 && !kept && (
        <section className="notice notice-warning credentials-notice" aria-labelledby={`${id}-title`}>
          <div className="notice-body">
            <strong id={`${id}-title`}>
              {n} credential{n === 1 ? ' is' : 's are'} stored in this plan in clear
            </strong>{' '}
            ({d.credentials.map((c) => c.path).join(', ')}). Move {n === 1 ? 'it' : 'them'} into an environment&apos;s
            secrets: the plan then reads <code>{`\${env.${d.credentials[0]?.env ?? 'NAME'}}`}</code>, the value is
            encrypted, never shown again, and taken out of this plan&apos;s history.
            {(envs.data ?? []).length === 0 ? (
              <p className="hint">Create an environment first (Edit environments), then move them there.</p>
            ) : (
              <div className="inline-form">
                <label htmlFor={`${id}-env`}>Move to environment</label>
                <select id={`${id}-env`} value={chosen} onChange={(e) => setTarget(e.target.value)}>
                  {(envs.data ?? []).map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  disabled={busy || chosen === '' || d.save.status !== 'saved'}
                  onClick={() => void move()}
                >
                  Move into secrets
                </button>
                <button type="button" className="ghost" onClick={() => setKept(true)}>
                  Keep in plan
                </button>
              </div>
            )}
          </div>
        </section>
      )}
      {error !== null && (
        <ErrorNotice title="Could not move the credentials" error={error} onDismiss={() => setError(null)} />
      )}
    </div>
  );
}
