/**
 * Recording from clients other than the browser Loadsmith opens (curl, scripts, Firefox, apps, phones): the proxy
 * address, "Export CA certificate" (never its key) and how to trust it, per client, with the real path and port.
 */
import { useId, useState } from 'react';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { Time } from '../ui/Time.tsx';
import { useSaveFile } from '../ui/useSaveFile.ts';
import { jsonArgs, shellLine } from './chromium-flags.ts';

/** A collapsible region "Other clients"; its content loads when first opened. */
export function OtherClientsPanel({
  proxyUrl,
  open: initiallyOpen = false,
}: {
  proxyUrl: string | null;
  open?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      className="panel other-clients"
      open={initiallyOpen}
      onToggle={(e) => {
        if (e.currentTarget.open) setOpen(true);
      }}
    >
      <summary>Other clients (curl, scripts, Firefox, apps, phones): proxy address and CA certificate</summary>
      {open && <CaDetails proxyUrl={proxyUrl} />}
    </details>
  );
}

function CaDetails({ proxyUrl }: { proxyUrl: string | null }) {
  const id = useId();
  const saveFile = useSaveFile();
  const ca = useLoad((c) => c.call('recordings.ca', {}), `recordings.ca:${proxyUrl ?? ''}`);
  const [picked, setPicked] = useState('curl');
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<unknown>();
  if (ca.error !== undefined) return <ErrorNotice title="Could not read the recorder's CA" error={ca.error} />;
  if (!ca.data) return <Loading what="Reading the CA…" />;
  const { data } = ca;
  const chosen = data.instructions.find((i) => i.client === picked) ?? data.instructions[0];
  const exportCa = async () => {
    setError(undefined);
    try {
      setSaved(await saveFile(data.fileName, data.certificatePem, 'application/x-pem-file'));
    } catch (e) {
      setError(e);
    }
  };
  return (
    <div className="ca-details">
      <p>
        Send the client's HTTP and HTTPS traffic to the proxy{proxyUrl ? '' : ' (start a recording to get its address)'}{' '}
        and make it trust the recorder's certificate authority, created for this installation. Its private key never
        leaves your data directory.
      </p>
      <dl className="facts">
        <div>
          <dt>Proxy</dt>
          <dd>
            <code>{proxyUrl ?? 'not running'}</code>
          </dd>
        </div>
        <div>
          <dt>CA file</dt>
          <dd>
            <code>{data.certificatePath}</code>
          </dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>
            <Time iso={data.notAfter} />
          </dd>
        </div>
        <div>
          <dt>SHA-256</dt>
          <dd>
            <code className="fingerprint">{data.sha256}</code>
          </dd>
        </div>
      </dl>
      <div className="form-row ca-actions">
        <button type="button" onClick={() => void exportCa()}>
          Export CA certificate
        </button>
        {saved && (
          <span role="status" className="muted">
            Saved {saved}
          </span>
        )}
      </div>
      {error !== undefined && <ErrorNotice title="The CA was not exported" error={error} />}
      <div className="field field-wide">
        <label htmlFor={`${id}-spki`}>SPKI fingerprint</label>
        <input
          id={`${id}-spki`}
          readOnly
          value={data.spkiFingerprint}
          className="mono"
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="field field-wide">
        <label htmlFor={`${id}-flags`}>Chromium flags for a command line (bash, zsh)</label>
        <input
          id={`${id}-flags`}
          readOnly
          value={shellLine(data.chromiumArgs)}
          className="mono"
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="field field-wide">
        <label htmlFor={`${id}-args`}>Chromium args for Playwright or Puppeteer (JSON array)</label>
        <input
          id={`${id}-args`}
          readOnly
          value={jsonArgs(data.chromiumArgs)}
          className="mono"
          onFocus={(e) => e.target.select()}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-client`}>Instructions for</label>
        <select id={`${id}-client`} value={chosen?.client} onChange={(e) => setPicked(e.target.value)}>
          {data.instructions.map((i) => (
            <option key={i.client} value={i.client}>
              {i.title}
            </option>
          ))}
        </select>
      </div>
      {chosen && (
        <ol className="client-steps" aria-label={`Instructions for ${chosen.title}`}>
          {chosen.steps.map((s, i) => (
            <li key={i}>
              <code className="wrap">{s}</code>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
