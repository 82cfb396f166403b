/** Security and cache headers. Every response gets the security set; static files override Cache-Control. */
import type { ServerResponse } from 'node:http';

/** Cache policies: API replies and errors are never stored; index.html is revalidated; hashed assets are immutable. */
export const CACHE = {
  none: 'no-store',
  revalidate: 'no-cache',
  immutable: 'private, max-age=31536000, immutable',
} as const;

/**
 * The Content-Security-Policy. `style-src 'unsafe-inline'` and `worker-src blob:` are kept for Monaco;
 * scripts only from our own origin, no plugins, no framing, no <base> tricks.
 */
export function contentSecurityPolicy(port: number): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** The headers every response carries, as name/value pairs. */
export function securityHeaders(port: number): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(port),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': CACHE.none,
  };
}

/** Sets {@link securityHeaders} on a response before anything else is written. */
export function applySecurityHeaders(res: ServerResponse, port: number): void {
  for (const [name, value] of Object.entries(securityHeaders(port))) res.setHeader(name, value);
}
