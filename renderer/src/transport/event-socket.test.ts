import { describe, expect, it } from 'vitest';
import { EventSocket, type SocketHandlers } from './event-socket.ts';

/** Fake sockets and a manual clock: every open and every scheduled retry is visible to the test. */
function harness() {
  const sockets: { url: string; h: SocketHandlers; closed: boolean }[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const es = new EventSocket('ws://x/api/events', {
    open: (url, h) => {
      const s = { url, h, closed: false };
      sockets.push(s);
      return {
        close: () => {
          s.closed = true;
        },
      };
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
    random: () => 0.5,
  });
  const last = () => sockets.at(-1)!;
  const fireTimer = () => {
    const t = timers.at(-1)!;
    t.fn();
  };
  return { es, sockets, timers, last, fireTimer };
}

describe('EventSocket', () => {
  it('connects at once and is "connecting" until open', () => {
    const { es, sockets, last } = harness();
    expect(sockets).toHaveLength(1);
    expect(es.get()).toBe('connecting');
    last().h.onOpen();
    expect(es.get()).toBe('open');
  });

  it('delivers parsed events to listeners and skips malformed messages', () => {
    const { es, last } = harness();
    const got: [string, unknown][] = [];
    es.listen((e, p) => got.push([e, p]));
    last().h.onOpen();
    last().h.onMessage('{"event":"run.tick","payload":{"runId":"a"}}');
    last().h.onMessage('garbage');
    expect(got).toEqual([['run.tick', { runId: 'a' }]]);
  });

  it('reconnects with growing delays, says "reconnecting", and resets the backoff after a success', () => {
    const { es, sockets, timers, last, fireTimer } = harness();
    const states: string[] = [];
    es.subscribe(() => states.push(es.get()));
    last().h.onOpen();
    last().h.onClose();
    expect(es.get()).toBe('reconnecting');
    expect(timers.map((t) => t.ms)).toEqual([250]);
    fireTimer();
    last().h.onClose(); // the retry failed
    fireTimer();
    last().h.onClose();
    expect(timers.map((t) => t.ms)).toEqual([250, 500, 1000]);
    fireTimer();
    last().h.onOpen();
    expect(es.get()).toBe('open');
    last().h.onClose();
    expect(timers.at(-1)!.ms).toBe(250);
    expect(sockets).toHaveLength(4);
    expect(states).toEqual(['open', 'reconnecting', 'open', 'reconnecting']);
  });

  it('stays "connecting" while the first connection keeps failing', () => {
    const { es, last, fireTimer } = harness();
    last().h.onClose();
    fireTimer();
    last().h.onClose();
    expect(es.get()).toBe('connecting');
  });

  it('keeps listeners across reconnects', () => {
    const { es, last, fireTimer } = harness();
    const got: string[] = [];
    es.listen((e) => got.push(e));
    last().h.onOpen();
    last().h.onClose();
    fireTimer();
    last().h.onOpen();
    last().h.onMessage('{"event":"run.done","payload":{}}');
    expect(got).toEqual(['run.done']);
  });

  it('ignores reports from a replaced socket', () => {
    const { es, sockets, last, fireTimer } = harness();
    const first = last();
    first.h.onOpen();
    first.h.onClose();
    fireTimer();
    const got: string[] = [];
    es.listen((e) => got.push(e));
    first.h.onMessage('{"event":"stale","payload":{}}');
    first.h.onClose();
    expect(got).toEqual([]);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good on close()', () => {
    const { es, sockets, timers, last } = harness();
    last().h.onOpen();
    const s = last();
    es.close();
    expect(s.closed).toBe(true);
    s.h.onClose();
    expect(timers).toHaveLength(0);
    expect(sockets).toHaveLength(1);
  });

  it('unsubscribes listeners', () => {
    const { es, last } = harness();
    const got: string[] = [];
    const off = es.listen((e) => got.push(e));
    last().h.onOpen();
    off();
    last().h.onMessage('{"event":"run.done","payload":{}}');
    expect(got).toEqual([]);
  });
});
