/**
 * The request editor: name, method and URL always visible, then tabs for query, headers, body, auth, checks,
 * extractions and options. Every key of engine/plan/schema/request.ts has a control here.
 */
import { HTTP_METHODS } from 'loadsmith/plan';
import type { Path } from '../core/doc-path.ts';
import { defaultsOf, requestAt } from '../core/doc/index.ts';
import { requestLabel } from '../core/steps.ts';
import { issuesAt, issuesUnder } from '../core/validation.ts';
import { FieldIssues } from '../fields/FieldIssues.tsx';
import { TemplateInput } from '../fields/TemplateInput.tsx';
import { TextField } from '../fields/TextField.tsx';
import { fieldId } from '../fields/useField.ts';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { AuthEditor } from './auth/AuthEditor.tsx';
import { BodyEditor } from './body/BodyEditor.tsx';
import { bodyKind } from './body/body.ts';
import { ChecksEditor } from './checks/ChecksEditor.tsx';
import { ExtractEditor } from './extract/ExtractEditor.tsx';
import { COMMON_HEADERS, HeadersEditor } from './HeadersEditor.tsx';
import { OptionsEditor } from './options/OptionsEditor.tsx';
import { QueryEditor } from './query/QueryEditor.tsx';
import { splitUrlQuery } from './query/url-query.ts';
import { Tabs, type Tab } from './Tabs.tsx';

const size = (v: unknown): number =>
  Array.isArray(v) ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0;

export function RequestEditor({ stepPath }: { stepPath: Path }) {
  const d = useDesigner();
  const path = [...stepPath, 'request'];
  const req = requestAt(d.doc, path) ?? {};
  const id = fieldId(path);
  const inBatch = stepPath[stepPath.length - 2] === 'batch';
  const baseUrl = defaultsOf(d.doc).baseUrl;
  const problems = (...keys: string[]): number =>
    keys.reduce((n, k) => n + issuesUnder(d.issues, [...path, k]).length, 0);
  const tabs: Tab[] = [
    {
      id: 'query',
      label: 'Query',
      count: size(req.query) + splitUrlQuery(typeof req.url === 'string' ? req.url : '').params.length,
      problems: problems('query'),
      render: () => <QueryEditor requestPath={path} />,
    },
    {
      id: 'headers',
      label: 'Headers',
      count: size(req.headers),
      problems: problems('headers'),
      render: () => <HeadersEditor requestPath={path} />,
    },
    {
      id: 'body',
      label: 'Body',
      count: bodyKind(req) === 'none' ? 0 : 1,
      problems: problems('json', 'form', 'text', 'file'),
      render: () => <BodyEditor requestPath={path} />,
    },
    { id: 'auth', label: 'Auth', problems: problems('auth'), render: () => <AuthEditor requestPath={path} /> },
    {
      id: 'checks',
      label: 'Checks',
      count: size(req.checks),
      problems: problems('checks'),
      render: () => <ChecksEditor requestPath={path} />,
    },
    {
      id: 'extract',
      label: 'Extract',
      count: size(req.extract),
      problems: problems('extract'),
      render: () => <ExtractEditor requestPath={path} />,
    },
    {
      id: 'options',
      label: 'Options',
      problems: problems('timeout', 'maxRedirects', 'expectedStatuses', 'tags'),
      render: () => <OptionsEditor requestPath={path} />,
    },
  ];
  const own = [...issuesAt(d.issues, stepPath), ...issuesAt(d.issues, path)];
  return (
    <section aria-labelledby={`${id}-title`} className="req-editor">
      {inBatch && (
        <p className="req-breadcrumb">
          <button
            type="button"
            className="ghost"
            onClick={() => d.select({ kind: 'step', path: stepPath.slice(0, -2) })}
          >
            ← Back to batch
          </button>
          <span className="muted"> Request {Number(stepPath[stepPath.length - 1]) + 1} of a batch</span>
        </p>
      )}
      <h2 id={`${id}-title`}>
        Request <span className="req-title-name">{requestLabel(req)}</span>
      </h2>
      <FieldIssues id={`${id}-own-issues`} issues={own} />
      <TextField
        path={[...path, 'name']}
        label="Request name"
        placeholder={`${String(req.method ?? 'GET')} ${String(req.url ?? '')}`}
        hint="Shown in results and usable in thresholds as {request:NAME}; empty: method and URL."
      />
      <div className="req-line">
        <div className="field req-method">
          <label htmlFor={`${id}-method`}>Method</label>
          <select
            id={`${id}-method`}
            value={typeof req.method === 'string' ? req.method : 'GET'}
            onChange={(e) => d.set([...path, 'method'], e.target.value)}
          >
            {HTTP_METHODS.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <FieldIssues id={`${id}-method-issues`} issues={issuesAt(d.issues, [...path, 'method'])} />
        </div>
        <div className="req-url">
          <TemplateInput path={[...path, 'url']} label="URL" placeholder="/path or https://host/path" keepEmpty />
        </div>
      </div>
      {typeof baseUrl === 'string' && (
        <p className="hint req-base">
          Relative URLs are appended to the base URL <code>{baseUrl}</code>.
        </p>
      )}
      <Tabs tabs={tabs} label="Request sections" memory="request" idPrefix={id} />
      {/* Header names offered by the header fields of checks and extractions (one list, one id). */}
      <datalist id="req-common-headers">
        {COMMON_HEADERS.map((h) => (
          <option key={h} value={h} />
        ))}
      </datalist>
    </section>
  );
}
