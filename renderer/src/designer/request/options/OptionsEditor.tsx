/** Per-request overrides of the plan defaults: timeout, redirects, expected statuses; and metric tags. */
import type { Path } from '../../core/doc-path.ts';
import { defaultsOf, objectOf } from '../../core/doc/index.ts';
import { DurationField } from '../../fields/DurationField.tsx';
import { KeyValueTable } from '../../fields/KeyValueTable.tsx';
import { NumberField } from '../../fields/NumberField.tsx';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { formatStatuses } from './statuses.ts';
import { StatusListField } from './StatusListField.tsx';

export function OptionsEditor({ requestPath }: { requestPath: Path }) {
  const d = useDesigner();
  const p = (k: string): Path => [...requestPath, k];
  // Placeholders show what applies when the field is empty: the plan defaults, else the engine's.
  const defaults = defaultsOf(d.doc);
  const http = objectOf(defaults.http);
  const timeout = defaults.timeout;
  const redirects = http?.maxRedirects;
  const expected = formatStatuses(http?.expectedStatuses);
  return (
    <div className="req-options">
      <p className="hint">Empty fields use the plan defaults.</p>
      <div className="req-row">
        <DurationField
          path={p('timeout')}
          label="Timeout"
          placeholder={typeof timeout === 'string' ? timeout : '60s'}
        />
        <NumberField
          path={p('maxRedirects')}
          label="Max redirects"
          min={0}
          placeholder={typeof redirects === 'number' ? String(redirects) : '10'}
        />
      </div>
      <StatusListField
        path={p('expectedStatuses')}
        label="Expected statuses"
        placeholder={expected || '200-399'}
        hint="Codes and ranges, e.g. 200, 201, 300-399. Any other status counts in http_req_failed."
      />
      <KeyValueTable path={p('tags')} label="Tags" keyLabel="Tag" />
      <p className="hint">
        Tags are added to this request's metrics and can be used in thresholds, e.g. http_req_duration{'{'}team:checkout
        {'}'}.
      </p>
    </div>
  );
}
