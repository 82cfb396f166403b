/**
 * Mid-run control for the CLI's runs, from before the first run starts to after the last ends: the API server on
 * loopback and the entry that lets `loadsmith pause` of the same user find it. The default address gives way with
 * a warning (the test runs regardless); one given with --control that cannot be used is the caller's mistake.
 */
import { UsageError } from '../usage.ts';
import { controlDir, register } from './registry.ts';
import { ControlServer } from './server.ts';

export interface CliControl {
  server: ControlServer;
  close(): Promise<void>;
}

export async function openControl(
  address: { host: string; port: number },
  file: string,
  given: boolean,
  warn: (text: string) => void,
): Promise<CliControl | undefined> {
  let server: ControlServer;
  try {
    server = await ControlServer.start(address.host, address.port, file);
  } catch (e) {
    const why = `mid-run control cannot listen on ${address.host}:${address.port}: ${(e as Error).message}`;
    if (given) throw new UsageError(`--control: ${why}; choose another port, or 0 for a free one`);
    warn(`${why}; the test runs without it`);
    return undefined;
  }
  try {
    const remove = await register(controlDir(), {
      version: 1,
      pid: process.pid,
      address: server.address,
      token: server.token,
      file,
      startedAt: new Date().toISOString(),
    });
    return {
      server,
      close: async () => {
        await remove();
        await server.close();
      },
    };
  } catch (e) {
    await server.close();
    warn(`mid-run control is off: ${(e as Error).message}`);
    return undefined;
  }
}
