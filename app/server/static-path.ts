/**
 * Pure mapping of a request path to a file of the built renderer: decoding, traversal refusal,
 * content types and cache policy. The file system side (realpath check, streaming) is in static-files.ts.
 */
import { CACHE } from './headers.ts';

/** A path reduced to safe segments, or the status to refuse it with. */
export type StaticPath = { ok: true; segments: string[] } | { ok: false; status: 400 | 404 };

/**
 * Decodes the raw request path (as sent: `/assets/../x` is not pre-normalised by us) and splits it into
 * segments. Any `..` segment, encoded or not, any backslash, NUL or bad escape is a 400; hidden files a 404.
 */
export function parseStaticPath(rawPath: string): StaticPath {
  if (!rawPath.startsWith('/')) return { ok: false, status: 400 };
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, status: 400 };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { ok: false, status: 400 };
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) return { ok: false, status: 400 };
  if (segments.some((s) => s.startsWith('.'))) return { ok: false, status: 404 };
  return { ok: true, segments };
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/** Content type by file name; unknown extensions are `application/octet-stream` (with nosniff, never executed). */
export function contentTypeFor(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

/** Hashed bundles under /assets/ never change; everything else (index.html first) is revalidated. */
export function cacheControlFor(segments: readonly string[]): string {
  return segments.length > 1 && segments[0] === 'assets' ? CACHE.immutable : CACHE.revalidate;
}

/** Missing files under /assets/ are real 404s; other unknown paths are client-side routes (SPA fallback). */
export function fallsBackToIndex(segments: readonly string[]): boolean {
  return segments[0] !== 'assets';
}
