/**
 * The current entry in full: status, timing, redirect chain, then request and response headers and bodies (a
 * WebSocket session: its messages). Secret
 * values (Authorization, cookies, tokens, passwords) are REDACTED until "Show secrets" asks the back end for them.
 */
import { useId, useState } from 'react';
import { fmtBytes, fmtMs } from '../format/numbers.ts';
import { ErrorNotice } from '../ui/ErrorNotice.tsx';
import { useLoad } from '../ui/hooks.ts';
import { Loading } from '../ui/Loading.tsx';
import { Time } from '../ui/Time.tsx';
import { BodyView } from './BodyView.tsx';
import { headerValue } from './body-text.ts';
import { pathOf } from './correlation-choices.ts';
import { HeadersTable } from './HeadersTable.tsx';
import { LockIcon } from './LockIcon.tsx';
import { MessagesTable } from './MessagesTable.tsx';

interface Props {
  recordingId: string;
  entryId: number;
  onEntry: (id: number) => void;
  onClose: () => void;
}

/** Region "Entry N" with toggle button "Show secrets" (pressed: shown), tables "Request headers" and "Response headers". */
export function EntryDetail({ recordingId, entryId, onEntry, onClose }: Props) {
  const id = useId();
  const [reveal, setReveal] = useState(false);
  const loaded = useLoad(
    (c) => c.call('recordings.entry', { id: recordingId, entryId, revealSecrets: reveal }),
    `${recordingId}:${entryId}:${reveal}`,
  );
  const e = loaded.data;
  return (
    <section className="panel entry-detail" aria-label={`Entry ${entryId}`}>
      <header className="entry-detail-header">
        <h2 id={`${id}-title`}>
          #{entryId}{' '}
          {e ? (
            <>
              <span className="method">{e.method}</span> {pathOf(e.url)}
            </>
          ) : null}
        </h2>
        <span className="toolbar-spacer" />
        {e && (e.secret || e.secretFields.length > 0) && (
          <button type="button" aria-pressed={reveal} onClick={() => setReveal((r) => !r)}>
            {reveal ? 'Hide secrets' : 'Show secrets'}
          </button>
        )}
        <button type="button" className="ghost" aria-label="Close entry" onClick={onClose}>
          ✕
        </button>
      </header>
      {loaded.error !== undefined && <ErrorNotice title={`Could not load entry ${entryId}`} error={loaded.error} />}
      {!e ? (
        <Loading what="Loading the entry…" />
      ) : (
        <div aria-busy={loaded.loading}>
          <dl className="facts">
            <div>
              <dt>Status</dt>
              <dd>
                {e.status === 0 ? (
                  <span className="text-bad">no response</span>
                ) : (
                  `${e.status} ${e.response.statusText}`
                )}
              </dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>
                {e.type} <span className="muted">{e.mimeType}</span>
              </dd>
            </div>
            <div>
              <dt>Size</dt>
              <dd>{fmtBytes(e.size)}</dd>
            </div>
            {e.messages !== null && (
              <div>
                <dt>Messages</dt>
                <dd>{e.messages}</dd>
              </div>
            )}
            <div>
              <dt>Started</dt>
              <dd>
                <Time iso={e.startedAt} />
              </dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{fmtMs(e.durationMs)}</dd>
            </div>
            <div>
              <dt>HTTP</dt>
              <dd>{e.request.httpVersion}</dd>
            </div>
          </dl>
          {e.error && <p className="text-bad">{e.error}</p>}
          {e.chain.length > 1 && (
            <nav aria-label="Redirect chain" className="redirect-chain">
              <span className="muted">Redirect chain:</span>
              <ol>
                {e.chain.map((c) => (
                  <li key={c}>
                    {c === entryId ? (
                      <strong>#{c}</strong>
                    ) : (
                      <button type="button" className="link-button" onClick={() => onEntry(c)}>
                        #{c}
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          {e.secretFields.length > 0 && (
            <p className="small">
              <LockIcon /> Secrets here{reveal ? ' (shown)' : ', REDACTED'}: {e.secretFields.join(', ')}.
            </p>
          )}
          <h3>Request</h3>
          <p className="mono wrap entry-full-url">
            {e.method} {e.fullUrl}
          </p>
          <HeadersTable label="Request headers" headers={e.request.headers} />
          <BodyView
            label="Request body"
            body={e.request.body}
            mimeType={headerValue(e.request.headers, 'content-type')}
          />
          <h3>Response</h3>
          <HeadersTable label="Response headers" headers={e.response.headers} />
          {e.webSocket ? (
            <>
              <h3>Messages</h3>
              <MessagesTable session={e.webSocket} />
            </>
          ) : (
            <BodyView label="Response body" body={e.response.body} mimeType={e.mimeType} />
          )}
        </div>
      )}
    </section>
  );
}
