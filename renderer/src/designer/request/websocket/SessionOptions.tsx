/**
 * A session's options: its timeout, TLS for wss:// (as defaults.http has it, whose values apply when these are
 * empty) and metric tags. File paths are relative to the plan file; in the app, an attached file (files/NAME).
 */
import type { Path } from '../../core/doc-path.ts';
import { defaultsOf, objectOf, textOf } from '../../core/doc/index.ts';
import { CheckboxField } from '../../fields/CheckboxField.tsx';
import { DurationField } from '../../fields/DurationField.tsx';
import { KeyValueTable } from '../../fields/KeyValueTable.tsx';
import { SelectField } from '../../fields/SelectField.tsx';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';

export function SessionOptions({ sessionPath }: { sessionPath: Path }) {
  const d = useDesigner();
  const p = (...k: string[]): Path => [...sessionPath, ...k];
  const http = objectOf(defaultsOf(d.doc).http);
  const plan = objectOf(http?.tls);
  const inherited = (k: 'caFile' | 'certFile' | 'keyFile' | 'servername'): string =>
    textOf(plan?.[k]) ? `plan default: ${String(plan?.[k])}` : '';
  return (
    <div className="req-options">
      <DurationField path={p('timeout')} label="Session timeout" placeholder="60s" />
      <p className="hint">
        Longest the session may last, handshake included (0: no limit). Reaching it closes the session and counts an
        error of kind ws-timeout.
      </p>
      <fieldset className="ws-tls">
        <legend>TLS (wss://)</legend>
        <CheckboxField
          path={p('insecureTls')}
          label={`Accept any certificate (insecure)${http?.insecureTls === true ? ': the plan default is on' : ''}`}
        />
        <div className="req-row">
          <TextField path={p('tls', 'caFile')} label="CA file (PEM)" placeholder={inherited('caFile') || 'ca.pem'} />
          <TextField
            path={p('tls', 'servername')}
            label="Server name (SNI)"
            placeholder={inherited('servername') || 'the URL host'}
          />
        </div>
        <div className="req-row">
          <TextField
            path={p('tls', 'certFile')}
            label="Client certificate (PEM)"
            placeholder={inherited('certFile') || 'client.pem'}
          />
          <TextField
            path={p('tls', 'keyFile')}
            label="Client key (PEM)"
            placeholder={inherited('keyFile') || 'client.key'}
          />
        </div>
        <div className="req-row">
          <TemplateInput
            path={p('tls', 'passphrase')}
            label="Key passphrase"
            placeholder="${env.KEY_PASSPHRASE}"
            masked
          />
          <SelectField
            path={p('tls', 'minVersion')}
            label="Minimum TLS version"
            defaultLabel="default"
            options={[{ value: 'TLSv1.2' }, { value: 'TLSv1.3' }]}
          />
        </div>
      </fieldset>
      <KeyValueTable path={p('tags')} label="Tags" keyLabel="Tag" />
      <p className="hint">Tags are added to this session's ws_* metrics and can be used in thresholds.</p>
    </div>
  );
}
