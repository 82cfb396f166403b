/**
 * Pure checks against DNS rebinding and cross-site requests. A page on evil.example that rebinds its name to
 * 127.0.0.1 still sends `Host: evil.example:P`; a page on another origin sends its own `Origin`. Both are refused.
 */

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The `Host` values we answer to: a loopback name with our port, nothing else (no default port, no other name). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  const value = host.trim().toLowerCase();
  return LOOPBACK_NAMES.some((name) => value === `${name}:${port}`);
}

/** The origins a legitimate page of ours can have. */
export function allowedOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
}

/**
 * An absent `Origin` is allowed (top-level navigations, scripts, tests: those still need the token);
 * a present one must be exactly one of ours. `null` (sandboxed frames, file: pages) is refused.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return allowedOrigins(port).includes(origin.trim().toLowerCase());
}

/** Why a request is refused before authentication is even considered. */
export interface SiteDenial {
  status: 421 | 403;
  message: string;
}

/** Host then Origin; `null` when both pass. Shared by plain requests and WebSocket upgrades. */
export function checkSite(
  headers: { host?: string | undefined; origin?: string | undefined },
  port: number,
): SiteDenial | null {
  if (!isAllowedHost(headers.host, port)) {
    return {
      status: 421,
      message: `this server only answers to 127.0.0.1:${port}, localhost:${port} or [::1]:${port}`,
    };
  }
  if (!isAllowedOrigin(headers.origin, port)) return { status: 403, message: 'cross-origin requests are not allowed' };
  return null;
}
