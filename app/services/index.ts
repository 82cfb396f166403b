/**
 * The back end of the app: the contract implemented on the store and the engine. Both faces mount it — browser
 * mode over HTTP + WebSocket, the desktop app over Electron IPC. No electron import here.
 */
import { randomUUID } from 'node:crypto';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../contract/dispatch.ts';
import type { Handlers } from '../contract/index.ts';
import type { Store } from '../store/types.ts';
import { createEventBus, type EventBus, type ServiceContext } from './context.ts';
import { designerHandlers } from './designer.ts';
import { environmentHandlers } from './environments.ts';
import { sharedImportWorker } from './import-worker/client.ts';
import { planHandlers } from './plans.ts';
import { createRecordingsService } from './recordings.ts';
import { createRunsService } from './runs.ts';
import { readSettings, settingsHandlers } from './settings.ts';

export type { EventBus } from './context.ts';

export interface ServicesOptions {
  store: Store;
  dataDir: string;
  mode: 'browser' | 'electron';
  /** Replace handlers (the Electron shell supplies the native dialogs). */
  overrides?: Partial<Handlers>;
  /** Worker entry when the engine runs from a bundle. */
  workerUrl?: URL;
  /** The import worker's entry when the app runs from a bundle. */
  importWorkerUrl?: URL;
  now?: () => Date;
  dispatcher?: DispatcherOptions;
}

export interface Services {
  handlers: Handlers;
  dispatcher: Dispatcher;
  events: EventBus;
  /** Stops a running test (its summary is stored) and closes the store. */
  close(): Promise<void>;
}

export function createServices(options: ServicesOptions): Services {
  const imports = sharedImportWorker(options.importWorkerUrl);
  const ctx: ServiceContext = {
    store: options.store,
    events: createEventBus(),
    dataDir: options.dataDir,
    now: options.now ?? (() => new Date()),
    newId: randomUUID,
    imports,
  };
  const runs = createRunsService(ctx, {
    workers: () => readSettings(ctx).workers,
    ...(options.workerUrl ? { workerUrl: options.workerUrl } : {}),
  });
  const recordings = createRecordingsService(ctx);
  const handlers: Handlers = {
    ...planHandlers(ctx),
    ...environmentHandlers(ctx),
    ...runs.handlers,
    ...settingsHandlers(ctx, options.mode),
    ...designerHandlers(ctx),
    ...recordings.handlers,
    ...options.overrides,
  };
  return {
    handlers,
    dispatcher: createDispatcher(handlers, options.dispatcher),
    events: ctx.events,
    async close() {
      await Promise.all([runs.close(), recordings.close()]);
      options.store.close();
    },
  };
}
