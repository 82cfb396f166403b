/**
 * WebSocket sessions in the results panel: one session's exchange (Try it), or every session a Validate ran, in the
 * order they ended. The receives' labels come from the document, to group each receive's checks.
 */
import type { WebSocketTraceEntry } from '../../../../../app/contract/index.ts';
import type { Path } from '../../core/doc-path.ts';
import { objectOf, stepAt } from '../../core/doc/index.ts';
import { receiveLabels } from '../../request/websocket/actions.ts';
import { useDesigner } from '../../state/DesignerProvider.tsx';
import { passText } from '../trace-rows.ts';
import { WebSocketExchange } from './WebSocketExchange.tsx';

export function SessionResult({ session, onShowStep }: { session: WebSocketTraceEntry; onShowStep?: () => void }) {
  const d = useDesigner();
  const receives = receiveLabels(objectOf(stepAt(d.doc, session.path))?.websocket);
  return <WebSocketExchange session={session} receives={receives} {...(onShowStep ? { onShowStep } : {})} />;
}

export function ValidatedSessions({
  sessions,
  onShowStep,
}: {
  sessions: readonly WebSocketTraceEntry[];
  onShowStep(path: Path): void;
}) {
  if (sessions.length === 0) return null;
  return (
    <section className="ws-sessions" aria-label="WebSocket sessions">
      <h3>WebSocket sessions</h3>
      {sessions.map((s, i) => {
        const pass = passText(s.passes);
        return (
          <details key={i} open={sessions.length === 1 || s.error !== null || s.checks.some((c) => !c.ok)}>
            <summary>
              {s.scenario} › {s.name}
              {pass && <span className="try-pass"> · {pass}</span>}
            </summary>
            <SessionResult session={s} onShowStep={() => onShowStep(s.path)} />
          </details>
        );
      })}
    </section>
  );
}
