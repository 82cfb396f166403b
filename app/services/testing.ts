/** Test helpers: services on a fresh store in a temp data dir, called through the dispatcher like a transport. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope } from '../contract/errors.ts';
import type { MethodName, Params, Result } from '../contract/index.ts';
import { openStore } from '../store/index.ts';
import { createServices, type Services } from './index.ts';

export type ContractFailure = Extract<Envelope, { ok: false }>['error'];

export interface TestServices {
  dir: string;
  services: Services;
  events: { event: string; payload: unknown }[];
  /** A method's result; throws with the contract error as `body` when it fails. */
  call<M extends MethodName>(method: M, params: Params<M>): Promise<Result<M>>;
  /** A method's error; throws when it unexpectedly succeeds. */
  fail(method: string, params: unknown): Promise<ContractFailure>;
  /** Closes the services and deletes the data dir. */
  close(): Promise<void>;
}

export async function openTestServices(prefix: string, dir?: string): Promise<TestServices> {
  const dataDir = dir ?? (await mkdtemp(join(tmpdir(), `loadsmith-${prefix}-`)));
  const services = createServices({
    store: openStore({ dataDir }),
    dataDir,
    mode: 'browser',
    dispatcher: { checkResults: true },
  });
  const events: TestServices['events'] = [];
  services.events.subscribe((event, payload) => events.push({ event, payload }));
  return {
    dir: dataDir,
    services,
    events,
    async call(method, params) {
      const env = await services.dispatcher.call(method, params);
      if (!env.ok) throw Object.assign(new Error(env.error.message), { body: env.error });
      return env.result as never;
    },
    async fail(method, params) {
      const env = await services.dispatcher.call(method, params);
      if (env.ok) throw new Error(`${method} unexpectedly succeeded`);
      return env.error;
    },
    async close() {
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
