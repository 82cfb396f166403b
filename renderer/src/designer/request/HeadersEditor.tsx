/** The request's headers, with common names suggested, and the default headers it also sends. */
import type { Path } from '../core/doc-path.ts';
import type { Request } from 'loadsmith/plan';
import { defaultsOf, draftAt, entriesOf, keysOf, objectOf } from '../core/doc/index.ts';
import { KeyValueTable } from '../fields/KeyValueTable.tsx';
import { useDesigner } from '../state/DesignerProvider.tsx';
import { useRowToggles } from './toggles/useRowToggles.ts';

/** Header names offered while typing. */
export const COMMON_HEADERS = [
  'Accept',
  'Accept-Encoding',
  'Accept-Language',
  'Authorization',
  'Cache-Control',
  'Content-Type',
  'Cookie',
  'If-Match',
  'If-Modified-Since',
  'If-None-Match',
  'Origin',
  'Pragma',
  'Referer',
  'User-Agent',
  'X-API-Key',
  'X-Correlation-Id',
  'X-Forwarded-For',
  'X-Request-Id',
  'X-Requested-With',
] as const;

/**
 * `requestPath` is a request's path, or another object with `headers` (a WebSocket session's); `toggles: false`
 * for one whose schema has no `disabled` list (a session's headers are all sent).
 */
export function HeadersEditor({ requestPath, toggles: withToggles = true }: { requestPath: Path; toggles?: boolean }) {
  const d = useDesigner();
  const rowToggles = useRowToggles(requestPath, 'headers');
  const toggles = withToggles ? rowToggles : undefined;
  // A request's own header of the same name (any case) wins over the default, unless it is switched off.
  const mine = new Set(
    keysOf(objectOf(draftAt<Request>(d.doc, requestPath))?.headers)
      .filter((k) => toggles?.isOn(k) ?? true)
      .map((k) => k.toLowerCase()),
  );
  const inherited = entriesOf(defaultsOf(d.doc).headers).filter(([k]) => !mine.has(k.toLowerCase()));
  return (
    <>
      <KeyValueTable
        path={[...requestPath, 'headers']}
        label="Headers"
        keyLabel="Header"
        keySuggestions={COMMON_HEADERS}
        toggles={toggles}
      />
      {inherited.length > 0 && (
        <div className="req-inherited">
          <h3 id="req-inherited-headers">Also sent, from the plan defaults</h3>
          <dl aria-labelledby="req-inherited-headers">
            {inherited.map(([k, v]) => (
              <div key={k}>
                <dt className="mono">{k}</dt>
                <dd className="mono">{String(v)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </>
  );
}
