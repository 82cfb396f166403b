/**
 * One request and its response, as Try it shows it and as the Validate inspector shows the selected step:
 * status (coloured), time, size, then tabs Body, Headers, Timings, Checks and Extracted; for a gRPC call its code
 * and name, then its message(s), metadata and trailers.
 */
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { fmtBytes, fmtMs } from '../../format/numbers.ts';
import { HeadersView, ResponseBody } from './BodyViews.tsx';
import { checkCounts, entryStatus, entryTitle, errorTitle } from './format.ts';
import { GrpcMetadataView } from './GrpcViews.tsx';
import { ChecksView, ExtractedView, TimingsView } from './OutcomeViews.tsx';
import { ResultTabs } from './ResultTabs.tsx';

export function EntryDetail({ entry, onShowStep }: { entry: TraceEntry; onShowStep?: () => void }) {
  const { passed, failed } = checkCounts(entry);
  const extractedOk = entry.extracted.filter((x) => x.ok).length;
  const res = entry.response;
  const status = entryStatus(entry);
  const grpc = entry.grpc;
  return (
    <section className="try-entry" aria-label="Response">
      <div className="try-summary">
        <span role="status" aria-label="Response status" className={`try-status ${status?.tone ?? 'bad'}`}>
          {status ? status.text : errorTitle(entry.error?.kind ?? 'other')}
        </span>
        {res && (
          <span className="try-fact">
            <span className="try-fact-label">Time</span> {fmtMs(entry.timings.duration)}
          </span>
        )}
        {res && !grpc && (
          <span className="try-fact">
            <span className="try-fact-label">Size</span> {fmtBytes(res.size)}
          </span>
        )}
        {entry.redirects > 0 && (
          <span className="try-fact">
            after {entry.redirects} redirect{entry.redirects === 1 ? '' : 's'}
          </span>
        )}
        <span className="try-request-line mono" title={entryTitle(entry)}>
          {entry.request.method} {entry.request.url}
        </span>
        {onShowStep && (
          <button type="button" className="ghost" onClick={onShowStep}>
            Show step
          </button>
        )}
      </div>
      {entry.error && (
        <p className="try-error">
          <strong>{errorTitle(entry.error.kind)}:</strong> {entry.error.message}
        </p>
      )}
      <ResultTabs
        idPrefix="try-result"
        tabs={[
          { id: 'body', label: grpc ? 'Message' : 'Body', render: () => <ResponseBody response={res} /> },
          grpc
            ? { id: 'headers', label: 'Metadata', render: () => <GrpcMetadataView entry={entry} grpc={grpc} /> }
            : { id: 'headers', label: 'Headers', render: () => <HeadersView entry={entry} /> },
          { id: 'timings', label: 'Timings', render: () => <TimingsView timings={entry.timings} /> },
          {
            id: 'checks',
            label: 'Checks',
            render: () => <ChecksView entry={entry} />,
            ...(entry.checks.length > 0
              ? { badge: `${passed}/${entry.checks.length}`, tone: failed > 0 ? ('bad' as const) : ('good' as const) }
              : {}),
          },
          {
            id: 'extracted',
            label: 'Extracted',
            render: () => <ExtractedView entry={entry} />,
            ...(entry.extracted.length > 0
              ? {
                  badge: `${extractedOk}/${entry.extracted.length}`,
                  tone: extractedOk < entry.extracted.length ? ('bad' as const) : ('good' as const),
                }
              : {}),
          },
        ]}
      />
    </section>
  );
}
