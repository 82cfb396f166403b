/** Where the control API of `loadsmith run` listens (--control): a loopback address only. */
import { UsageError } from '../usage.ts';

export const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** `127.0.0.1:6565`, `[::1]:0`, `localhost:7000`, or a port alone: loopback only (anything else is refused). */
export function parseControlAddress(text: string): { host: string; port: number } {
  const m = /^(?:(\[[^\]]+\]|[^:]+):)?(\d{1,5})$/.exec(text.trim());
  const host = (m?.[1] ?? '127.0.0.1').replace(/^\[|\]$/g, '');
  const port = Number(m?.[2]);
  if (!m || port > 65535)
    throw new UsageError(`--control: '${text}' is not HOST:PORT (e.g. 127.0.0.1:6565, or 0 for a free port)`);
  if (!LOOPBACK.has(host))
    throw new UsageError(
      `--control: '${host}' is not a loopback address: mid-run control listens on 127.0.0.1, ::1 or localhost only (anyone who reaches it could change the load)`,
    );
  return { host, port };
}
