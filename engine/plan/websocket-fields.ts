/**
 * The templates and expressions of a WebSocket session step (for validation), and the names it defines for the
 * steps after it: what its receives extract, and `message`, the message a receive's condition reads.
 */
import type { PathSegment } from './path.ts';
import { checkName } from './names.ts';
import type { WebSocketReceive, WebSocketSession } from './schema/index.ts';
import { checkStrings, strings, type TemplateField, type TemplateScope } from './template-strings.ts';

/** The variable holding the message a receive's condition looks at. */
export const MESSAGE_VARIABLE = 'message';

export function* websocketFields(
  ws: WebSocketSession,
  path: PathSegment[],
  scope: TemplateScope,
): Generator<TemplateField> {
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
      if (r.condition !== undefined)
        yield { path: [...at, 'receive', 'condition'], source: r.condition, scope, expression: true };
      if (r.match !== undefined) yield* checkStrings(r.match, [...at, 'receive', 'match'], scope);
      for (const [j, c] of (r.checks ?? []).entries()) yield* checkStrings(c, [...at, 'receive', 'checks', j], scope);
    }
  }
}

/** Names a session makes known to the steps of its scenario: its receives' extractions, and `message`. */
export function websocketNames(ws: WebSocketSession): string[] {
  return [MESSAGE_VARIABLE, ...websocketExtractions(ws)];
}

/** What a session's receives extract (in setup: what every VU reads). */
export function websocketExtractions(ws: WebSocketSession): string[] {
  return ws.actions.flatMap((a) => ('receive' in a ? Object.keys(a.receive.extract ?? {}) : []));
}

/** How a receive is named in its checks and errors: its name, or `receive N` (N: its place among the actions). */
export function receiveLabel(r: WebSocketReceive, index: number): string {
  return r.name ?? `receive ${index + 1}`;
}

/** What a session's metrics and checks are filtered by in thresholds: its name, its checks' names, its tag names. */
export function websocketTagValues(ws: WebSocketSession): { name: string; checks: string[]; tags: string[] } {
  const checks = (ws.checks ?? []).map(checkName);
  for (const [i, a] of ws.actions.entries()) {
    if ('receive' in a)
      for (const c of a.receive.checks ?? []) checks.push(`${receiveLabel(a.receive, i)}: ${checkName(c)}`);
  }
  return { name: ws.name ?? ws.url, checks, tags: Object.keys(ws.tags ?? {}) };
}
