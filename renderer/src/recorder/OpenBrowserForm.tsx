/**
 * "Record with a browser": an installed Chromium, Chrome, Edge or Brave (detected, the last one used first) or any
 * program path, opened with a fresh profile, through the proxy, trusting the CA for that window only.
 */
import { useId, useState, type FormEvent } from 'react';
import type { Recording } from '../../../app/contract/recordings.ts';
import { useClient } from '../api.tsx';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad } from '../ui/hooks.ts';

const OTHER = '\u0000other';

/** Form "Record with a browser": combobox "Browser", textboxes "Browser path" and "Start URL", button "Open browser". */
export function OpenBrowserForm({ recording }: { recording: Recording }) {
  const client = useClient();
  const id = useId();
  const found = useLoad((c) => c.call('recordings.detectBrowsers', {}), 'recordings.detectBrowsers');
  const [choice, setChoice] = useState<string | null>(null);
  const [path, setPath] = useState('');
  const [startUrl, setStartUrl] = useState('');
  const [windowChoice, setHeadless] = useState<boolean | null>(null);
  // Without a display only a headless browser can start: pre-ticked, and the form says why.
  const headless = windowChoice ?? found.data?.noDisplay != null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const browsers = found.data?.browsers ?? [];
  const picked = choice ?? found.data?.preferred ?? (found.data ? OTHER : '');
  const other = picked === OTHER || (found.data !== undefined && browsers.length === 0);

  const open = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const browserPath = other ? path.trim() : picked;
      if (!browserPath)
        throw new Error(
          browsers.length === 0
            ? 'No Chromium, Chrome, Edge or Brave was found: give the path to one under Browser path.'
            : 'Choose a browser.',
        );
      await client.call('recordings.launchBrowser', {
        id: recording.id,
        browserPath,
        ...(startUrl.trim() ? { startUrl: startUrl.trim() } : {}),
        ...(headless ? { headless } : {}),
      });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const openCount = recording.browsers.length;
  return (
    <form className="form open-browser" aria-labelledby={`${id}-title`} onSubmit={(e) => void open(e)}>
      <h3 id={`${id}-title`}>Record with a browser</h3>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-browser`}>Browser</label>
          <select
            id={`${id}-browser`}
            value={other ? OTHER : picked}
            onChange={(e) => setChoice(e.target.value)}
            disabled={!found.data}
          >
            {browsers.map((b) => (
              <option key={b.path} value={b.path}>
                {b.name} · {b.path}
              </option>
            ))}
            <option value={OTHER}>Other program…</option>
          </select>
        </div>
        {other && (
          <div className="field field-wide">
            <label htmlFor={`${id}-path`}>Browser path</label>
            <input
              id={`${id}-path`}
              value={path}
              placeholder="/usr/bin/chromium"
              onChange={(e) => setPath(e.target.value)}
            />
          </div>
        )}
        <div className="field field-wide">
          <label htmlFor={`${id}-url`}>Start URL</label>
          <input
            id={`${id}-url`}
            type="url"
            value={startUrl}
            placeholder="https://your-app.example/"
            onChange={(e) => setStartUrl(e.target.value)}
          />
        </div>
        <button type="submit" className="primary field-submit" disabled={busy || !found.data} aria-busy={busy}>
          Open browser
        </button>
      </div>
      <label className="choice small">
        <input type="checkbox" checked={headless} onChange={(e) => setHeadless(e.target.checked)} />
        Without a window (headless: records the start page on a machine without a display)
      </label>
      {found.data?.noDisplay && (
        <p className="notice notice-warn small" role="note">
          {found.data.noDisplay.charAt(0).toUpperCase()}
          {found.data.noDisplay.slice(1)}.
        </p>
      )}
      <p className="hint">
        A new window with an empty profile (none of your cookies or extensions), sending everything through the proxy
        and trusting the recorder's certificate for that window only. Stopping the recording closes it.
      </p>
      {openCount > 0 && (
        <p role="status" className="small">
          {openCount} browser{openCount === 1 ? '' : 's'} open:{' '}
          {recording.browsers.map((b) => `pid ${b.pid}`).join(', ')}
        </p>
      )}
      {found.error !== undefined && <ErrorNotice title="Could not look for browsers" error={found.error} />}
      {error !== undefined && <ErrorNotice title="The browser did not open" error={error} />}
    </form>
  );
}
