/**
 * The WebSocket session editor: name and URL always visible, then tabs for its actions (the ordered list of what
 * the session does), the handshake's headers, subprotocols and checks, and its options (timeout, TLS, tags).
 * Every key of engine/plan/schema/websocket.ts has a control here.
 */
import type { Path } from '../../core/doc-path.ts';
import { defaultsOf, listOf, objectOf, stepAt, textOf } from '../../core/doc/index.ts';
import { issuesAt, issuesUnder } from '../../core/validation.ts';
import { FieldIssues } from '../../fields/FieldIssues.tsx';
import { TemplateInput } from '../../fields/TemplateInput.tsx';
import { TextField } from '../../fields/TextField.tsx';
import { fieldId } from '../../fields/useField.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { ChecksEditor } from '../checks/ChecksEditor.tsx';
import { COMMON_HEADERS, HeadersEditor } from '../HeadersEditor.tsx';
import { Tabs, type Tab } from '../Tabs.tsx';
import { ActionsEditor } from './ActionsEditor.tsx';
import { SessionOptions } from './SessionOptions.tsx';
import { SubprotocolsField } from './SubprotocolsField.tsx';
import './websocket.css';

const HANDSHAKE_CHECKS = ['status', 'header', 'duration'] as const;

export function WebSocketEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const path = [...stepPath, 'websocket'];
  const ws = objectOf(stepAt(d.doc, stepPath)?.websocket) ?? {};
  const id = fieldId(path);
  const baseUrl = defaultsOf(d.doc).baseUrl;
  const problems = (...keys: string[]): number =>
    keys.reduce((n, k) => n + issuesUnder(d.issues, [...path, k]).length, 0);
  const tabs: Tab[] = [
    {
      id: 'actions',
      label: 'Actions',
      count: listOf(ws.actions).length,
      problems: problems('actions'),
      render: () => <ActionsEditor sessionPath={path} />,
    },
    {
      id: 'headers',
      label: 'Headers',
      count: Object.keys(objectOf(ws.headers) ?? {}).length,
      problems: problems('headers', 'subprotocols'),
      render: () => (
        <>
          <HeadersEditor requestPath={path} toggles={false} />
          <SubprotocolsField path={[...path, 'subprotocols']} />
        </>
      ),
    },
    {
      id: 'checks',
      label: 'Handshake checks',
      count: listOf(ws.checks).length,
      problems: problems('checks'),
      render: () => (
        <ChecksEditor
          requestPath={path}
          kinds={HANDSHAKE_CHECKS}
          hint="Checks on the opening handshake: its status (101 when the server accepts), headers and time."
        />
      ),
    },
    {
      id: 'options',
      label: 'Options',
      problems: problems('timeout', 'insecureTls', 'tls', 'tags'),
      render: () => <SessionOptions sessionPath={path} />,
    },
  ];
  const url = textOf(ws.url) ?? '';
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor ws-editor">
      <h2 id={`${id}-title`}>
        WebSocket session <span className="req-title-name">{textOf(ws.name) || url}</span>
      </h2>
      <FieldIssues id={`${id}-own-issues`} issues={[...issuesAt(d.issues, stepPath), ...issuesAt(d.issues, path)]} />
      <TextField
        path={[...path, 'name']}
        label="Session name"
        placeholder={url || 'the URL'}
        hint="Shown in results and usable in thresholds as {name:NAME}; empty: the URL."
      />
      <TemplateInput path={[...path, 'url']} label="URL" placeholder="/ws or wss://host/path" keepEmpty />
      <p className="hint req-base">
        ws:// or wss://, or relative to the base URL
        {typeof baseUrl === 'string' ? (
          <>
            {' '}
            <code>{baseUrl}</code>
          </>
        ) : null}{' '}
        (http becomes ws, https wss).
      </p>
      <Tabs tabs={tabs} label="WebSocket session sections" memory="websocket" idPrefix={id} />
      <datalist id="req-common-headers">
        {COMMON_HEADERS.map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
    </section>
  );
}
