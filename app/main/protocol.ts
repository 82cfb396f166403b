/**
 * The renderer is served from app://loadsmith/ (not file://), so the window has a real origin, a strict CSP sent
 * as a header, and navigation rules can tell our pages from anything else.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Protocol } from 'electron';

export const APP_ORIGIN = 'app://loadsmith';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`);
}

/** Serves files of the built renderer; unknown paths get index.html (client-side routes), traversal gets 404. */
export function serveRenderer(protocol: Protocol, rootDir: string): void {
  const root = normalize(rootDir + sep);
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    if (url.host !== 'loadsmith') return new Response('not found', { status: 404 });
    const path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) return new Response('not found', { status: 404 });
    const file = extname(path) ? path : join(root, 'index.html');
    try {
      const body = await readFile(file);
      return new Response(body, {
        headers: {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CSP,
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
}
