/**
 * The templates and expressions of a WebSocket session step (for validation), and the names it defines for the
 * steps after it: what its receives extract, and `message`, the message a receive's condition reads.
 */
import type { PathSegment } from './path.ts';
import type { WebSocketSession } from './schema/index.ts';
import { checkStrings, strings, type TemplateField, type TemplateScope } from './template-fields.ts';

/** The variable holding the message a receive's condition looks at. */
export const MESSAGE_VARIABLE = 'message';

export function* websocketFields(ws: WebSocketSession, path: PathSegment[], scope: TemplateScope): Generator<TemplateField> {
  yield { path: [...path, 'url'], source: ws.url, scope };
  yield* strings(ws.headers, [...path, 'headers'], scope);
  for (const [i, c] of (ws.checks ?? []).entries()) yield* checkStrings(c, [...path, 'checks', i], scope);
  for (const [i, a] of ws.actions.entries()) {
    const at: PathSegment[] = [...path, 'actions', i];
    if ('send' in a) {
      const m = a.send;
      if (typeof m === 'string') yield { path: [...at, 'send'], source: m, scope };
      else if ('text' in m) yield { path: [...at, 'send', 'text'], source: m.text, scope };
      else if ('binary' in m) yield { path: [...at, 'send', 'binary'], source: m.binary, scope };
      else yield* strings(m.json, [...at, 'send', 'json'], scope);
    } else if ('receive' in a) {
      const r = a.receive;
      if (r.condition !== undefined) yield { path: [...at, 'receive', 'condition'], source: r.condition, scope, expression: true };
      if (r.match !== undefined) yield* checkStrings(r.match, [...at, 'receive', 'match'], scope);
      for (const [j, c] of (r.checks ?? []).entries()) yield* checkStrings(c, [...at, 'receive', 'checks', j], scope);
    }
  }
}

/** Names a session makes known to the steps of its scenario: its receives' extractions, and `message`. */
export function websocketNames(ws: WebSocketSession): string[] {
  const out = [MESSAGE_VARIABLE];
  for (const a of ws.actions) if ('receive' in a) out.push(...Object.keys(a.receive.extract ?? {}));
  return out;
}
