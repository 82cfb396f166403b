/** How the plan tree writes a WebSocket session on its row: a "ws" badge, then its name, else its URL. */
import { objectOf, textOf, type StepDraft } from '../core/doc/index.ts';
import type { StepText } from './labels.ts';

export function webSocketText(s: StepDraft): StepText {
  const ws = objectOf(s.websocket);
  const name = textOf(ws?.name);
  const url = textOf(ws?.url);
  return { badge: 'ws', text: name || url || '(no URL)' };
}
