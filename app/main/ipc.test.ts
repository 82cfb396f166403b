import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createDispatcher } from '../contract/dispatch.ts';
import type { Handlers } from '../contract/index.ts';
import { CALL_CHANNEL, EVENT_CHANNEL, serveContractOverIpc } from './ipc.ts';

type Handler = (e: IpcMainInvokeEvent, ...args: unknown[]) => Promise<unknown>;

/** A stand-in for Electron's ipcMain: records handlers so a test can invoke them like a renderer would. */
function fakeIpcMain() {
  const handlers = new Map<string, Handler>();
  return {
    handlers,
    handle(channel: string, fn: Handler) {
      if (handlers.has(channel)) throw new Error('already handled');
      handlers.set(channel, fn);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
    invoke(url: string, ...args: unknown[]) {
      const fn = handlers.get(CALL_CHANNEL);
      if (!fn) throw new Error('no handler');
      return fn({ senderFrame: { url } } as unknown as IpcMainInvokeEvent, ...args);
    },
  };
}

function fakeWindow() {
  const sent: unknown[][] = [];
  return {
    sent,
    wc: {
      isDestroyed: () => false,
      send: (...args: unknown[]) => {
        sent.push(args);
      },
    } as unknown as WebContents,
  };
}

const handlers = {
  'settings.get': () => ({ theme: 'dark', workers: null, lastEnvironmentId: null, grantedFolders: [] }),
  'plans.delete': ({ id }: { id: string }) => ({ deleted: id === 'p1' }),
} as unknown as Handlers;

function setup() {
  const ipc = fakeIpcMain();
  const win = fakeWindow();
  let listener: ((e: string, p: unknown) => void) | undefined;
  const events = {
    subscribe: (l: (e: string, p: unknown) => void) => {
      listener = l;
      return () => {
        listener = undefined;
      };
    },
  };
  const stop = serveContractOverIpc(ipc, createDispatcher(handlers), events, {
    trusted: (u) => u.startsWith('app://loadsmith/'),
    targets: () => [win.wc],
  });
  return {
    ipc,
    win,
    emit: (e: string, p: unknown) => listener?.(e, p),
    stop,
    hasListener: () => listener !== undefined,
  };
}

describe('contract over IPC', () => {
  it('answers calls from our window through the dispatcher', async () => {
    const { ipc } = setup();
    await expect(ipc.invoke('app://loadsmith/index.html', 'settings.get', {})).resolves.toEqual({
      ok: true,
      result: { theme: 'dark', workers: null, lastEnvironmentId: null, grantedFolders: [] },
    });
    await expect(ipc.invoke('app://loadsmith/index.html', 'plans.delete', { id: 'p1' })).resolves.toEqual({
      ok: true,
      result: { deleted: true },
    });
  });

  it('refuses frames that are not ours, and malformed calls, with an error envelope', async () => {
    const { ipc } = setup();
    const foreign = await ipc.invoke('https://evil.example/', 'settings.get', {});
    expect(foreign).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await ipc.invoke('app://loadsmith/', 42, {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_params' },
    });
    expect(await ipc.invoke('app://loadsmith/', 'plans.delete', { id: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: expect.stringMatching(/id/) },
    });
    expect(await ipc.invoke('app://loadsmith/', 'no.such', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown_method' },
    });
    // The envelope is valid contract data in every case.
    const Env = z.object({ ok: z.boolean() });
    expect(Env.safeParse(foreign).success).toBe(true);
  });

  it('forwards events to the windows and stops on dispose', () => {
    const { win, emit, stop, ipc, hasListener } = setup();
    emit('run.tick', { runId: 'r', tick: { t: 1 } });
    expect(win.sent).toEqual([[EVENT_CHANNEL, 'run.tick', { runId: 'r', tick: { t: 1 } }]]);
    stop();
    expect(ipc.handlers.size).toBe(0);
    expect(hasListener()).toBe(false);
  });
});
