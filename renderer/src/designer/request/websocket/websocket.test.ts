import { describe, expect, it } from 'vitest';
import { validatePlanValue } from 'loadsmith/plan';
import { newStep, stepKind } from '../../core/doc/index.ts';
import { stepAriaLabel, stepText } from '../../tree/labels.ts';
import {
  ACTION_KINDS,
  actionKind,
  actionTitle,
  messageKind,
  parseSubprotocols,
  switchMessage,
  waitKind,
  withWait,
} from './actions.ts';

const planWith = (steps: unknown[]): unknown => ({
  version: 1,
  name: 'p',
  defaults: { baseUrl: 'http://127.0.0.1:3000' },
  scenarios: { s: { executor: 'per-vu-iterations', steps } },
});

describe('a new WebSocket session', () => {
  it('is a valid step the designer knows, with a send, a checked receive and a close', () => {
    const step = newStep('websocket');
    expect(stepKind(step)).toBe('websocket');
    expect(() => validatePlanValue(planWith([step]))).not.toThrow();
    expect(('websocket' in step ? step.websocket.actions : []).map((a) => actionKind(a))).toEqual([
      'send',
      'receive',
      'close',
    ]);
  });

  it('reads on its tree row by name, else by URL', () => {
    expect(stepText({ websocket: { name: 'chat', url: '/ws/chat', actions: [] } })).toEqual({
      badge: 'ws',
      text: 'chat',
    });
    expect(stepAriaLabel({ websocket: { url: '/ws/echo', actions: [] } })).toBe('WebSocket session /ws/echo');
    expect(stepText({ websocket: {} }).text).toBe('(no URL)');
  });
});

describe('session actions', () => {
  it('makes every kind as a valid action', () => {
    const actions = ACTION_KINDS.map((k) => k.create());
    expect(actions.map((a) => actionKind(a))).toEqual(['send', 'receive', 'ping', 'pause', 'close']);
    expect(() => validatePlanValue(planWith([{ websocket: { url: '/ws', actions } }]))).not.toThrow();
  });

  it('titles each card in a few words', () => {
    expect(actionTitle({ send: 'hi' }, 0)).toBe('Send text');
    expect(actionTitle({ send: { json: { a: 1 } } }, 0)).toBe('Send json');
    expect(actionTitle({ receive: {} }, 2)).toBe('Receive receive 3');
    expect(actionTitle({ receive: { name: 'welcome' } }, 2)).toBe('Receive welcome');
    expect(actionTitle({ pause: { min: '1s', max: '2s' } }, 0)).toBe('Pause 1s–2s');
    expect(actionTitle({ close: true }, 0)).toBe('Close');
    expect(actionTitle({ close: { code: 4000, reason: 'bye' } }, 0)).toBe('Close 4000 bye');
    expect(actionTitle({ jump: 1 } as never, 0)).toBe('Unknown action');
  });

  it('switches a message between text, JSON and binary, carrying the content', () => {
    expect(messageKind('x')).toBe('text');
    expect(messageKind({ text: 'x' })).toBe('text');
    expect(messageKind({ binary: 'AA==' })).toBe('binary');
    expect(switchMessage('{"type":"say"}', 'json')).toEqual({ json: { type: 'say' } });
    expect(switchMessage('hello', 'json')).toEqual({ json: { type: 'message', text: 'hello' } });
    expect(switchMessage({ json: { a: 1 } }, 'text')).toBe('{"a":1}');
    expect(switchMessage('hello', 'binary')).toEqual({ binary: '' });
    expect(switchMessage('same', 'text')).toBe('same');
  });

  it('waits for a match or a condition, one replacing the other, right after the name', () => {
    const r = { name: 'w', timeout: '5s', condition: 'x' };
    expect(waitKind(r)).toBe('condition');
    const m = withWait(r, 'match');
    expect(Object.keys(m)).toEqual(['name', 'match', 'timeout']);
    expect(waitKind(m)).toBe('match');
    expect(withWait(m, 'next')).toEqual({ name: 'w', timeout: '5s' });
    expect(Object.keys(withWait({ timeout: '1s' }, 'condition'))).toEqual(['condition', 'timeout']);
  });

  it('reads subprotocols separated by commas or spaces', () => {
    expect(parseSubprotocols('chat.v1, chat.v2  x,')).toEqual(['chat.v1', 'chat.v2', 'x']);
    expect(parseSubprotocols(' , ')).toEqual([]);
  });
});
