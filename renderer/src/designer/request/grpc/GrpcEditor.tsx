/**
 * The gRPC call editor: name, target and plaintext, where descriptors come from and "Load", the service and
 * method picked from lists, then tabs for the message, metadata, TLS, checks, extractions and options. Every key of
 * engine/plan/schema/grpc.ts has a control here.
 */
import type { Path } from '../../core/doc-path.ts';
import { grpcAt, grpcLabel } from '../../core/doc/index.ts';
import { issuesAt, issuesUnder } from '../../core/validation.ts';
import { CheckboxField } from '../../fields/CheckboxField.tsx';
import { DurationField } from '../../fields/DurationField.tsx';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { KeyValueTable } from '../../fields/KeyValueTable.tsx';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ErrorNotice } from '../../../ui/ErrorNotice.tsx';
import { Tabs, type Tab } from '../Tabs.tsx';
import { DescriptorSource } from './DescriptorSource.tsx';
import { GrpcChecks } from './GrpcChecks.tsx';
import { GrpcExtract } from './GrpcExtract.tsx';
import { MessageTab } from './MessageTab.tsx';
import { MethodPicker } from './MethodPicker.tsx';
import { TlsFields } from './TlsFields.tsx';
import { sourceOf } from './source.ts';
import { useGrpcServices } from './useGrpcServices.ts';
import './grpc.css';

const size = (v: unknown): number =>
  Array.isArray(v) ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0;

export function GrpcEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const path = [...stepPath, 'grpc'];
  const g = grpcAt(d.doc, path) ?? {};
  const id = fieldId(path);
  const source = sourceOf(g);
  const { services, load, busy, error } = useGrpcServices(source, d.environmentId);
  const problems = (...keys: string[]): number =>
    keys.reduce((n, k) => n + issuesUnder(d.issues, [...path, k]).length, 0);
  const tabs: Tab[] = [
    {
      id: 'message',
      label: 'Message',
      problems: problems('message', 'messages', 'maxMessages'),
      render: () => <MessageTab grpcPath={path} services={services} />,
    },
    {
      id: 'metadata',
      label: 'Metadata',
      count: size(g.metadata),
      problems: problems('metadata'),
      render: () => <KeyValueTable path={[...path, 'metadata']} label="Metadata" keyLabel="Key" />,
    },
    { id: 'tls', label: 'TLS', problems: problems('tls'), render: () => <TlsFields grpcPath={path} /> },
    {
      id: 'checks',
      label: 'Checks',
      count: size(g.checks),
      problems: problems('checks'),
      render: () => <GrpcChecks grpcPath={path} stepPath={stepPath} />,
    },
    {
      id: 'extract',
      label: 'Extract',
      count: size(g.extract),
      problems: problems('extract'),
      render: () => <GrpcExtract grpcPath={path} stepPath={stepPath} />,
    },
    {
      id: 'options',
      label: 'Options',
      problems: problems('timeout', 'tags'),
      render: () => (
        <div className="grpc-options">
          <DurationField path={[...path, 'timeout']} label="Deadline" placeholder="defaults.timeout, else 60s" />
          <KeyValueTable path={[...path, 'tags']} label="Tags" keyLabel="Tag" />
        </div>
      ),
    },
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor grpc-editor">
      <h2 id={`${id}-title`}>
        gRPC call <span className="req-title-name">{grpcLabel(g)}</span>
      </h2>
      <FieldIssues id={`${id}-own-issues`} issues={[...issuesAt(d.issues, stepPath), ...issuesAt(d.issues, path)]} />
      <TextField
        path={[...path, 'name']}
        label="Call name"
        placeholder={typeof g.method === 'string' ? g.method : ''}
        hint="Shown in results and usable in thresholds as {request:NAME}; empty: the method."
      />
      <div className="req-line grpc-target">
        <div className="req-url">
          <TemplateInput
            path={[...path, 'target']}
            label="Target"
            placeholder="host:port, e.g. 127.0.0.1:3002"
            keepEmpty
          />
        </div>
        <CheckboxField path={[...path, 'plaintext']} label="Plaintext (no TLS)" />
      </div>
      <DescriptorSource grpcPath={path} />
      <div className="grpc-load">
        <button type="button" onClick={() => void load()} aria-busy={busy} disabled={busy}>
          Load services
        </button>
        <span role="status" className="hint">
          {busy
            ? 'Loading…'
            : services
              ? `${services.length} service${services.length === 1 ? '' : 's'}, ${services.reduce((n, s) => n + s.methods.length, 0)} methods`
              : ''}
        </span>
      </div>
      {error !== null && <ErrorNotice title="Could not load the services" error={error} />}
      <MethodPicker grpcPath={path} services={services} />
      <FieldIssues id={`${id}-method-issues`} issues={services ? issuesAt(d.issues, [...path, 'method']) : []} />
      <Tabs tabs={tabs} label="gRPC call sections" memory="grpc" idPrefix={id} />
    </section>
  );
}
