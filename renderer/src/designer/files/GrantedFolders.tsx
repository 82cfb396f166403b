/**
 * Folders every plan run from the app may read by absolute path (settings.grantedFolders), besides attached files.
 * Plans are untrusted input: the back end refuses anything else, and never the app's data folder.
 */
import { useId, useState } from 'react';
import { useClient } from '../../api.tsx';
import { ErrorNotice } from '../../ui/ErrorNotice.tsx';
import { useLoad } from '../../ui/hooks.ts';

export function GrantedFolders() {
  const client = useClient();
  const id = useId();
  const settings = useLoad((c) => c.call('settings.get', {}), 'settings');
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<unknown>(null);
  const granted = settings.data?.grantedFolders ?? [];

  const save = async (next: string[]): Promise<void> => {
    setError(null);
    try {
      await client.call('settings.set', { patch: { grantedFolders: next } });
      setFolder('');
      settings.reload();
    } catch (e) {
      setError(e);
    }
  };

  return (
    <section className="granted-folders" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Granted folders</h3>
      <p className="hint">
        Plans read only files you attached (<code>files/NAME</code>) and files in these folders, by absolute path. Every
        plan you run can read any file in a granted folder; the app&apos;s data folder is never readable.
      </p>
      {granted.length === 0 ? (
        <p className="empty">No folder granted.</p>
      ) : (
        <ul className="granted-list">
          {granted.map((g) => (
            <li key={g}>
              <code>{g}</code>
              <button
                type="button"
                className="danger"
                aria-label={`Revoke ${g}`}
                onClick={() => void save(granted.filter((x) => x !== g))}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (folder.trim() !== '') void save([...granted, folder.trim()]);
        }}
      >
        <label htmlFor={`${id}-folder`}>Folder to grant</label>
        <input
          id={`${id}-folder`}
          type="text"
          className="mono"
          value={folder}
          placeholder="/home/me/load-data"
          spellCheck={false}
          onChange={(e) => setFolder(e.target.value)}
        />
        <button type="submit" disabled={folder.trim() === ''}>
          Grant folder
        </button>
      </form>
      {error !== null && (
        <ErrorNotice title="Could not grant the folder" error={error} onDismiss={() => setError(null)} />
      )}
    </section>
  );
}
