import { describe, expect, it } from 'vitest';
import { createIpcTransport, isBridge } from './ipc.ts';
import { pickTransport } from './index.ts';

const bridge = (invoke: (m: string, p: unknown) => Promise<unknown>) => ({ invoke, subscribe: () => () => undefined });

describe('IPC transport', () => {
  it('recognises the preload bridge only by its shape', () => {
    expect(isBridge(bridge(async () => null))).toBe(true);
    expect(isBridge({ invoke: () => null })).toBe(false);
    expect(isBridge(undefined)).toBe(false);
  });

  it('passes calls through and offers native dialogs', async () => {
    const calls: [string, unknown][] = [];
    const picked = createIpcTransport(
      bridge(async (m, p) => {
        calls.push([m, p]);
        return { ok: true, result: 1 };
      }),
    );
    await expect(picked.transport.call('app.info', {})).resolves.toEqual({ ok: true, result: 1 });
    expect(calls).toEqual([['app.info', {}]]);
    expect(picked.capabilities.nativeDialogs).toBe(true);
    expect(picked.connection.get()).toBe('open');
  });

  it('turns a failed invoke into an error envelope', async () => {
    const picked = createIpcTransport(
      bridge(async () => {
        throw new Error('channel closed');
      }),
    );
    await expect(picked.transport.call('app.info', {})).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('channel closed') },
    });
  });

  it('is picked when the bridge is on the host', () => {
    expect(pickTransport({ loadsmith: bridge(async () => null) }).capabilities.nativeDialogs).toBe(true);
  });
});
