/**
 * A WebSocket session's actions as the editor sees them (plans/README.md, engine/plan/schema/websocket.ts): five
 * kinds, each one key; a send's message is text, JSON or binary (base64); a receive waits for the next message, or
 * for the first one that a match (a jsonPath or body check) or a condition accepts. Pure: tested beside it.
 */
import type { WebSocketAction } from 'loadsmith/plan';
import { objectOf, textOf, type Draft } from '../../core/doc/index.ts';

export type ActionKind = 'send' | 'receive' | 'ping' | 'pause' | 'close';

/** The kinds in the order the "Add" buttons offer them, with their label and a new action ready to run. */
export const ACTION_KINDS: readonly { kind: ActionKind; label: string; create(): WebSocketAction }[] = [
  { kind: 'send', label: 'Send', create: () => ({ send: 'hello' }) },
  { kind: 'receive', label: 'Receive', create: () => ({ receive: { timeout: '5s' } }) },
  { kind: 'ping', label: 'Ping', create: () => ({ ping: true }) },
  { kind: 'pause', label: 'Pause', create: () => ({ pause: '1s' }) },
  { kind: 'close', label: 'Close', create: () => ({ close: true }) },
];

const KINDS = ACTION_KINDS.map((k) => k.kind);

/** The kind of an action (its key), or undefined for something the editor cannot show. */
export function actionKind(action: Draft<WebSocketAction> | undefined): ActionKind | undefined {
  const a = objectOf(action);
  return a ? KINDS.find((k) => k in a) : undefined;
}

export type MessageKind = 'text' | 'json' | 'binary';

/** How a send's message is written: a plain string and `{ text }` are both text. */
export function messageKind(send: unknown): MessageKind | undefined {
  if (typeof send === 'string') return 'text';
  const m = objectOf(send);
  if (!m) return undefined;
  return 'json' in m ? 'json' : 'binary' in m ? 'binary' : 'text' in m ? 'text' : undefined;
}

/** The message as another kind, carrying its content over where it makes sense. */
export function switchMessage(send: unknown, to: MessageKind): unknown {
  const from = messageKind(send);
  const text = typeof send === 'string' ? send : (textOf(objectOf(send)?.text) ?? '');
  if (from === to) return send;
  if (to === 'text') return from === 'json' ? JSON.stringify(objectOf(send)?.json ?? null) : '';
  if (to === 'json') {
    try {
      return { json: JSON.parse(text) as unknown };
    } catch {
      return { json: { type: 'message', text } };
    }
  }
  return { binary: '' };
}

export type WaitKind = 'next' | 'match' | 'condition';

/** What a receive waits for: the next message, one a match accepts, or one a condition accepts. */
export function waitKind(receive: unknown): WaitKind {
  const r = objectOf(receive);
  return r?.match !== undefined ? 'match' : r?.condition !== undefined ? 'condition' : 'next';
}

/** A few words for an action's card heading: "Send text", "Receive welcome", "Close 1000 bye". */
export function actionTitle(action: Draft<WebSocketAction> | undefined, index: number): string {
  const a = objectOf(action) ?? {};
  switch (actionKind(action)) {
    case 'send':
      return `Send ${messageKind(a.send) ?? 'message'}`;
    case 'receive': {
      const name = textOf(objectOf(a.receive)?.name);
      return `Receive ${name || receiveDefaultName(index)}`;
    }
    case 'ping':
      return 'Ping';
    case 'pause': {
      const p = a.pause;
      const range = objectOf(p);
      return `Pause ${range ? `${String(range.min ?? '?')}–${String(range.max ?? '?')}` : String(p ?? '?')}`;
    }
    case 'close': {
      const c = objectOf(a.close);
      return `Close${c ? ` ${String(c.code ?? 1000)}${textOf(c.reason) ? ` ${String(c.reason)}` : ''}` : ''}`;
    }
    case undefined:
      return 'Unknown action';
  }
}

/** The name the engine gives an unnamed receive ("receive 2": its position among the actions, from 1). */
export const receiveDefaultName = (index: number): string => `receive ${index + 1}`;

/** Subprotocols as typed in one field: separated by commas or spaces, empty ones dropped. */
export const parseSubprotocols = (text: string): string[] => text.split(/[\s,]+/).filter((s) => s !== '');

/** The receive waiting for another kind of message: a match or a condition replaces the other (right after the name). */
export function withWait(receive: object, kind: WaitKind): { [key: string]: unknown } {
  const rest = Object.entries(receive).filter(([k]) => k !== 'match' && k !== 'condition');
  const wait: [string, unknown][] =
    kind === 'match'
      ? [['match', { jsonPath: '$.type', equals: '' }]]
      : kind === 'condition'
        ? [['condition', 'message != ""']]
        : [];
  const named = rest.findIndex(([k]) => k === 'name') + 1;
  return Object.fromEntries([...rest.slice(0, named), ...wait, ...rest.slice(named)]);
}

/** The labels of a session's receives, as the engine names their checks and errors. */
export function receiveLabels(session: unknown): string[] {
  const actions = objectOf(session)?.actions;
  return (Array.isArray(actions) ? actions : []).flatMap((a: unknown, i) => {
    const o = objectOf(a);
    if (o?.receive === undefined) return [];
    return [textOf(objectOf(o.receive as unknown)?.name) || receiveDefaultName(i)];
  });
}
