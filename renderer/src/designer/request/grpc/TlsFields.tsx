/**
 * How a gRPC step connects: plaintext (h2c, as the demo server) or TLS, with the options k6 has: accept any
 * certificate, a CA, a client certificate and key. Files are attached or in a granted folder, as every plan file.
 */
import type { Path } from '../../core/doc-path.ts';
import { grpcAt, objectOf } from '../../core/doc/index.ts';
import { CheckboxField } from '../../fields/CheckboxField.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { AttachFile } from '../../files/AttachFile.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';

const FILES = [
  { key: 'caFile', label: 'CA certificate (PEM)', attach: 'Attach a CA certificate' },
  { key: 'certFile', label: 'Client certificate (PEM)', attach: 'Attach a client certificate' },
  { key: 'keyFile', label: 'Client key (PEM)', attach: 'Attach a client key' },
] as const;

export function TlsFields({ grpcPath }: { grpcPath: Path }) {
  const d = useDesigner();
  const g = grpcAt(d.doc, grpcPath) ?? {};
  const tlsPath = [...grpcPath, 'tls'];
  if (g.plaintext === true) {
    return (
      <p className="hint">
        Plaintext: no TLS (as the demo server and most services behind a mesh). Untick Plaintext to set TLS options.
      </p>
    );
  }
  const tls = objectOf(g.tls) ?? {};
  return (
    <div className="grpc-tls">
      <CheckboxField path={[...tlsPath, 'insecure']} label="Accept any server certificate (self-signed, wrong name)" />
      <TextField path={[...tlsPath, 'servername']} label="Server name (SNI)" placeholder="default: the target's host" />
      {FILES.map((f) => (
        <div key={f.key} className="req-row">
          <TextField
            path={[...tlsPath, f.key]}
            label={f.label}
            placeholder="files/NAME.pem or an absolute path in a granted folder"
          />
          <AttachFile kind="body" label={f.attach} onAttached={(p) => d.set([...tlsPath, f.key], p)} />
        </div>
      ))}
      {typeof tls.keyFile === 'string' && (
        <TextField
          path={[...tlsPath, 'passphrase']}
          label="Key passphrase"
          placeholder="${env.KEY_PASSPHRASE}"
          hint="Write it as ${env.NAME} and keep the value in an environment's secret."
        />
      )}
    </div>
  );
}
