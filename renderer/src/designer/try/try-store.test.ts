import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../../app/contract/index.ts';
import { TryStore } from './try-store.ts';

const entry = { name: 'GET /' } as unknown as TraceEntry;

describe('try store', () => {
  it('keys results by request step path, with or without the trailing request key', () => {
    const store = new TryStore();
    store.setLastTry(['scenarios', 's', 'steps', 0], entry, { url: '/' });
    expect(store.lastTry(['scenarios', 's', 'steps', 0, 'request'])).toEqual({ entry, request: { url: '/' } });
    expect(store.lastTry(['scenarios', 's', 'steps', 1])).toBeUndefined();
    store.setLastTry(['scenarios', 's', 'steps', 2, 'batch', 1, 'request'], entry, undefined);
    expect(store.lastTry(['scenarios', 's', 'steps', 2, 'batch', 1])?.entry).toBe(entry);
  });

  it('belongs to one designer: another store sees none of its results', () => {
    const a = new TryStore();
    const b = new TryStore();
    const seen: string[] = [];
    b.subscribe(() => seen.push('b'));
    a.setLastTry(['scenarios', 's', 'steps', 0], entry, undefined);
    a.beginCall('try')({ variables: { token: 't' } });
    expect(b.lastTry(['scenarios', 's', 'steps', 0])).toBeUndefined();
    expect(b.getState()).toEqual({ busy: null, result: null, variables: {} });
    expect(seen).toEqual([]);
  });

  it('applies only the outcome of the latest call', () => {
    const store = new TryStore();
    const first = store.beginCall('validate');
    const second = store.beginCall('try');
    first({ variables: { stale: 1 } });
    expect(store.getState()).toMatchObject({ busy: 'try', variables: {} });
    second({ result: { kind: 'try', entry }, variables: { id: 2 } });
    expect(store.getState()).toEqual({ busy: null, result: { kind: 'try', entry }, variables: { id: 2 } });
    store.clearVariables();
    store.closeResults();
    expect(store.getState()).toEqual({ busy: null, result: null, variables: {} });
  });
});
