/** The request's headers, with common names suggested, and the default headers it also sends. */
import type { Path } from '../core/doc-path.ts';
import { defaultsOf, entriesOf, keysOf, requestAt } from '../core/doc/index.ts';
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

export function HeadersEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const toggles = useRowToggles(requestPath, 'headers');
  // A request's own header of the same name (any case) wins over the default, unless it is switched off.
  const mine = new Set(
    keysOf(requestAt(d.doc, requestPath)?.headers)
      .filter((k) => toggles.isOn(k))
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
