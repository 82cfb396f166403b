/** A recording's facts under its title: when, how many entries, where from, and the options it was started with. */
import type { Recording } from '../../../app/contract/recordings.ts';
import { fmtCount } from '../format/numbers.ts';
import { Time } from '../ui/Time.tsx';

export function RecordingFacts({ recording: r, entries }: { recording: Recording; entries: number }) {
  const o = r.options;
  return (
    <dl className="facts">
      <div>
        <dt>Started</dt>
        <dd>
          <Time iso={r.startedAt} />
        </dd>
      </div>
      {r.stoppedAt && (
        <div>
          <dt>Stopped</dt>
          <dd>
            <Time iso={r.stoppedAt} />
          </dd>
        </div>
      )}
      <div>
        <dt>Entries</dt>
        <dd>{fmtCount(Math.max(entries, r.entryCount))}</dd>
      </div>
      <div>
        <dt>Source</dt>
        <dd>{r.source === 'har' ? <>HAR file {o.fileName && <code>{o.fileName}</code>}</> : 'Recording proxy'}</dd>
      </div>
      {o.allowHosts.length > 0 && (
        <div>
          <dt>Allowed hosts</dt>
          <dd>
            <code>{o.allowHosts.join(', ')}</code>
          </dd>
        </div>
      )}
      {o.insecureHosts.length > 0 && (
        <div>
          <dt>Insecure hosts</dt>
          <dd>
            <code>{o.insecureHosts.join(', ')}</code>
          </dd>
        </div>
      )}
      {o.upstreamProxy && (
        <div>
          <dt>Upstream proxy</dt>
          <dd>
            <code>{o.upstreamProxy}</code>
          </dd>
        </div>
      )}
    </dl>
  );
}
